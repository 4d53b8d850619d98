import { messageKeys } from '@/api/message';
import { mailKeys } from './mail-keys';

/** What a mail write changes: the folders, the counts, the home badge and the mail itself. */
export const afterMailWrite = (messageId?: string): unknown[][] => [
  [...mailKeys.lists],
  [...mailKeys.counts],
  [...messageKeys.badges],
  ...(messageId ? [[...mailKeys.message(messageId)]] : []),
];

import { optionalUuid, requiredUuid } from '@/lib/search-params';

export interface MailDetailSearch {
  id: string;
}
export const validateMailDetailSearch = (search: Record<string, unknown>): MailDetailSearch => ({
  id: requiredUuid(search.id, 'id'),
});

export type ComposeMode = 'reply' | 'replyAll' | 'forward';
export interface ComposeSearch {
  /** continue this draft */
  draftId?: string;
  /** answer (or forward) this mail */
  replyTo?: string;
  mode?: ComposeMode;
  /** a new letter to this colleague (the address book's 写邮件) */
  toId?: string;
  toName?: string;
}
const MODES: ComposeMode[] = ['reply', 'replyAll', 'forward'];
export const validateComposeSearch = (search: Record<string, unknown>): ComposeSearch => ({
  draftId: optionalUuid(search.draftId),
  replyTo: optionalUuid(search.replyTo),
  mode: MODES.find((m) => m === search.mode),
  toId: optionalUuid(search.toId),
  toName: typeof search.toName === 'string' ? search.toName.slice(0, 50) : undefined,
});

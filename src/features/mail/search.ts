import { optionalUuid, requiredUuid } from '@/lib/search-params';

export interface MailDetailSearch {
  id: string;
}
export const validateMailDetailSearch = (search: Record<string, unknown>): MailDetailSearch => ({ id: requiredUuid(search.id, 'id') });

export type ComposeMode = 'reply' | 'replyAll' | 'forward';
export interface ComposeSearch {
  /** continue this draft */
  draftId?: string;
  /** answer (or forward) this mail */
  replyTo?: string;
  mode?: ComposeMode;
}
const MODES: ComposeMode[] = ['reply', 'replyAll', 'forward'];
export const validateComposeSearch = (search: Record<string, unknown>): ComposeSearch => ({
  draftId: optionalUuid(search.draftId),
  replyTo: optionalUuid(search.replyTo),
  mode: MODES.find((m) => m === search.mode),
});


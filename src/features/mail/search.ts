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

/** The folder routes (spec §2: inbox, star, draft, outbox) and the folder each lists; outbox is 已发送. */
export const FOLDER_ROUTES = { inbox: 'inbox', star: 'star', draft: 'draft', outbox: 'sent', trash: 'trash' } as const;
export type FolderRoute = keyof typeof FOLDER_ROUTES;
export const folderOfRoute = (route: string) => (Object.prototype.hasOwnProperty.call(FOLDER_ROUTES, route) ? FOLDER_ROUTES[route as FolderRoute] : undefined);

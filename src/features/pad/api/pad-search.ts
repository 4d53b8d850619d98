import { addressBookSearch, userInfoSearch, type Level } from '@/features/addressbook/addressbook-search';
import { optionalUuid } from '@/lib/search-params';

/*
 * The URL search of the tablet routes: what is selected lives here, so rotating or resizing the window keeps it.
 * Kept apart from the screens because route definitions load with the first page; the screens load on demand.
 */

/** /padcontacts: the levels drilled into and the person whose card is shown (the address book's own rules). */
export interface PadContactsSearch {
  trail?: Level[];
  userId?: string;
  org?: string;
}
export function padContactsSearch(search: Record<string, unknown>): PadContactsSearch {
  const { trail } = addressBookSearch(search);
  const { userId, org } = userInfoSearch(search);
  return { ...(trail ? { trail } : {}), ...(userId ? { userId, ...(org ? { org } : {}) } : {}) };
}

/** /padworktable/unreademail: the mail being read. */
export function padMailSearch(search: Record<string, unknown>): { id?: string } {
  const id = optionalUuid(search.id);
  return id ? { id } : {};
}

/** /padmy: the section shown on the right. */
export const MY_SECTIONS = ['profile', 'password', 'channels', 'phrases', 'signature', 'proxies', 'device'] as const;
export type MySection = (typeof MY_SECTIONS)[number];
export function padMySearch(search: Record<string, unknown>): { section?: MySection } {
  const section = MY_SECTIONS.find((s) => s === search.section);
  return section ? { section } : {};
}

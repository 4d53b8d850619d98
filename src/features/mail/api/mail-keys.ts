import type { MailFolder } from '@contract/mail';

/** Every mail query key in one place, so a write can invalidate exactly what it changed. */
export const mailKeys = {
  all: ['mail'] as const,
  lists: ['mail', 'list'] as const,
  list: (folder: MailFolder) => ['mail', 'list', folder] as const,
  counts: ['mail', 'counts'] as const,
  contacts: ['mail', 'contacts'] as const,
  message: (id: string) => ['mail', 'message', id] as const,
};

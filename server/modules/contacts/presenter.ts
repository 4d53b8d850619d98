import type { ContactGroup, PersonalContact } from '@contract/contacts';
import type { personalContacts } from '../../db/schema';

/** A personal contact row as the client sees it (the owner id stays on the server). */
export function presentPersonalContact(row: typeof personalContacts.$inferSelect): PersonalContact {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    company: row.company,
    post: row.post,
    remark: row.remark,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentGroup(
  row: { id: string; name: string; ownerId: string | null },
  memberCount: number,
  userId: string,
): ContactGroup {
  return { id: row.id, name: row.name, memberCount, mine: row.ownerId === userId };
}

import type { ContactCard, ContactGroup, ContactGroupDetail, PersonalContact } from '../../contract/contacts';
import type { PersonalContactBody } from '../../contract/contacts-schemas';
import type { Page } from '../../contract/envelope';
import type { SelectorNode } from '../../contract/upms';
import type { ServerContext } from '../api/support/server';

/** The 通讯录 calls as one user makes them (tests/api/contacts-*.test.ts). */
export async function contactsClient(ctx: ServerContext, username: string) {
  const http = await ctx.as(username);
  return {
    http,
    search: async (keyword: string) =>
      (
        await http.get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(keyword)}`)
      ).body.data.map((n) => n.realName),
    card: (id: string) => http.get<ContactCard>(`/api/contacts/users/${id}`),
    favourites: () => http.get<SelectorNode[]>('/api/contacts/favourites'),
    star: (id: string) => http.put(`/api/contacts/favourites/${id}`),
    unstar: (id: string) => http.delete(`/api/contacts/favourites/${id}`),
    groups: () => http.get<ContactGroup[]>('/api/contacts/groups'),
    group: (id: string) => http.get<ContactGroupDetail>(`/api/contacts/groups/${id}`),
    createGroup: (name: string, memberIds: string[] = []) =>
      http.post<ContactGroup>('/api/contacts/groups', { name, memberIds }),
    renameGroup: (id: string, name: string) => http.put(`/api/contacts/groups/${id}`, { name }),
    deleteGroup: (id: string) => http.delete(`/api/contacts/groups/${id}`),
    addMembers: (id: string, userIds: string[]) => http.post(`/api/contacts/groups/${id}/members`, { userIds }),
    removeMember: (id: string, userId: string) => http.delete(`/api/contacts/groups/${id}/members/${userId}`),
    personal: (keyword = '') =>
      http.get<Page<PersonalContact>>(
        `/api/contacts/personal?pageNum=1&pageSize=20${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`,
      ),
    addPersonal: (body: PersonalContactBody) =>
      http.post<PersonalContact>('/api/contacts/personal', body as Record<string, unknown>),
    getPersonal: (id: string) => http.get<PersonalContact>(`/api/contacts/personal/${id}`),
    editPersonal: (id: string, body: PersonalContactBody) =>
      http.put<PersonalContact>(`/api/contacts/personal/${id}`, body as Record<string, unknown>),
    deletePersonal: (id: string) => http.delete(`/api/contacts/personal/${id}`),
  };
}

/** The id of a demo user, found through the org search as a client would. */
export async function userIdOf(ctx: ServerContext, realName: string): Promise<string> {
  const http = await ctx.as('admin');
  const found = (
    await http.get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(realName)}`)
  ).body.data;
  const user = found.find((n) => n.realName === realName);
  if (!user) throw new Error(`no user ${realName}`);
  return user.id;
}

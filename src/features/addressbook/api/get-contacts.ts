import { queryOptions } from '@tanstack/react-query';
import type { ContactCard, ContactGroup, ContactGroupDetail, PersonalContact } from '@contract/contacts';
import type { Page } from '@contract/envelope';
import type { SelectorNode } from '@contract/upms';
import { get } from '@/api/http';
import { pagedListQuery, type ListPageQuery } from '@/components/list-view';
import { contactsKeys } from './contacts-keys';

const id = encodeURIComponent;

export const cardQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: contactsKeys.card(userId),
    queryFn: () => get<ContactCard>(`/api/contacts/users/${id(userId)}`, undefined, { noLoading: true }),
  });

export const favouritesQueryOptions = () =>
  queryOptions({
    queryKey: contactsKeys.favourites,
    queryFn: () => get<SelectorNode[]>('/api/contacts/favourites', undefined, { noLoading: true }),
  });

export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: contactsKeys.groups,
    queryFn: () => get<ContactGroup[]>('/api/contacts/groups', undefined, { noLoading: true }),
  });

export const groupQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: contactsKeys.group(groupId),
    queryFn: () => get<ContactGroupDetail>(`/api/contacts/groups/${id(groupId)}`, undefined, { noLoading: true }),
  });

export const personalQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: contactsKeys.personal(contactId),
    queryFn: () => get<PersonalContact>(`/api/contacts/personal/${id(contactId)}`, undefined, { noLoading: true }),
  });

/** 个人通讯录 as a ListView list (search, pull to refresh, pages of 10). */
export const personalListQuery = pagedListQuery(contactsKeys.personalLists, (query: ListPageQuery) =>
  get<Page<PersonalContact>>('/api/contacts/personal', query, { noLoading: true }),
);

import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { MailCounts, MailDetail, MailFolder, MailListRow, MailPerson } from '@contract/mail';
import { get } from '@/api/http';
import { pagedListQuery, type ListPageQuery } from '@/components/list-view';
import { mailKeys } from './mail-keys';

/** The infiniteQueryOptions of one folder, handed to ListView; keys under mailKeys.list(folder). */
export const mailListQuery = (folder: MailFolder) =>
  pagedListQuery(mailKeys.list(folder), (query: ListPageQuery) =>
    get<Page<MailListRow>>(`/api/mail/list/${folder}`, query, { noLoading: true }),
  );

/** A mail with its recipients and thread; kept in the offline cache once opened. */
export const mailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: mailKeys.message(id),
    queryFn: () => get<MailDetail>(`/api/mail/messages/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export const mailCountsQueryOptions = () =>
  queryOptions({
    queryKey: mailKeys.counts,
    queryFn: () => get<MailCounts>('/api/mail/counts', undefined, { noLoading: true }),
  });

export const recentContactsQueryOptions = () =>
  queryOptions({
    queryKey: mailKeys.contacts,
    queryFn: () => get<MailPerson[]>('/api/mail/contacts/recent', undefined, { noLoading: true }),
  });

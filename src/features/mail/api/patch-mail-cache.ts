import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { MailCounts, MailDetail, MailFolder, MailListRow } from '@contract/mail';
import type { Badges } from '@contract/message';
import { messageKeys } from '@/api/message';
import type { MailAction } from './act-on-mail';
import { mailKeys } from './mail-keys';

type ListData = InfiniteData<Page<MailListRow>, number>;

/** What an action does to one row of the caller's folders. */
const rowChange: Partial<Record<MailAction, Partial<MailListRow>>> = {
  read: { seen: true },
  unread: { seen: false },
  star: { starred: true },
  unstar: { starred: false },
};

/** Whether the row leaves a folder's list: deleting empties it from every folder but 已删除, restoring and purging from 已删除. */
function leaves(action: MailAction, folder: MailFolder): boolean {
  if (action === 'delete') return folder !== 'trash';
  if (action === 'restore' || action === 'purge') return folder === 'trash';
  if (action === 'unstar') return folder === 'star';
  return false;
}

const folderOf = (key: QueryKey) => key[2] as MailFolder;

/** Whether the mail is in the caller's 收件箱 and unread there, as far as the cache knows (a list row, or the opened mail). */
function cachedState(queryClient: QueryClient, id: string): { inbox: boolean; unread: boolean } {
  for (const [, data] of queryClient.getQueriesData<ListData>({ queryKey: mailKeys.lists })) {
    const row = data?.pages?.flatMap((p) => p.rows).find((r) => r.id === id);
    if (row) return { inbox: row.folder === 'inbox', unread: row.folder === 'inbox' && !row.seen };
  }
  const detail = queryClient.getQueryData<MailDetail>(mailKeys.message(id));
  // a mail the caller received (receivedAs: to, cc or bcc) has a copy in their 收件箱
  const inbox = !!detail && detail.status === 'sent' && !detail.deleted && detail.receivedAs != null;
  return { inbox, unread: inbox && !detail!.seen };
}

/**
 * Shows a mailbox action at once, before the server (or the outbox, offline) has it: the rows in every cached folder,
 * the opened mail, the unread count of the tabs and the home badge. No stale 未读 paints while the lists revalidate;
 * the invalidation after the write brings the server's figures.
 */
export function patchMailCache(queryClient: QueryClient, action: MailAction, id: string): void {
  const was = cachedState(queryClient, id);
  const change = rowChange[action];
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: mailKeys.lists })) {
    if (!data?.pages) continue;
    const folder = folderOf(key);
    const gone = leaves(action, folder);
    if (!gone && !change) continue;
    queryClient.setQueryData<ListData>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        rows: gone
          ? page.rows.filter((r) => r.id !== id)
          : page.rows.map((r) => (r.id === id ? { ...r, ...change } : r)),
        total: gone && page.rows.some((r) => r.id === id) ? Math.max(0, page.total - 1) : page.total,
      })),
    });
  }
  queryClient.setQueryData<MailDetail>(mailKeys.message(id), (old) => {
    if (!old) return old;
    if (change)
      return {
        ...old,
        ...(change.seen !== undefined ? { seen: change.seen } : {}),
        ...(change.starred !== undefined ? { starred: change.starred } : {}),
      };
    if (action === 'delete') return { ...old, deleted: true };
    if (action === 'restore') return { ...old, deleted: false };
    return old;
  });
  // the unread figure moves when an unread inbox mail is read or deleted, or a read one is marked unread again
  const delta =
    (action === 'read' || action === 'delete') && was.unread
      ? -1
      : action === 'unread' && was.inbox && !was.unread
        ? 1
        : 0;
  if (delta) {
    queryClient.setQueryData<MailCounts>(mailKeys.counts, (old) =>
      old ? { ...old, unread: Math.max(0, old.unread + delta) } : old,
    );
    queryClient.setQueryData<Badges>(messageKeys.badges, (old) =>
      old ? { ...old, mail: Math.max(0, old.mail + delta) } : old,
    );
  }
}

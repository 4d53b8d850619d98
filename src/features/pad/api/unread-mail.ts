import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { MailListRow } from '@contract/mail';
import { get } from '@/api/http';
import type { ListQuery } from '@/components/list-view';
import { mailKeys } from '@/features/mail/api/mail-keys';

const PAGE_SIZE = 20;

/**
 * 未读邮件 for the tablet reading pane: the server's unread folder. The mail being read (`keepId`) stays listed after
 * opening marks it read (the server keeps it in the page, the cache patch marks it seen), so the row the user is on
 * does not vanish under the keyboard; it drops out at once when another is chosen. The key sits under the mail lists, so every mail write (afterMailWrite) refreshes it; kept offline with them.
 */
export const unreadMailQuery =
  (keepId: string | undefined): ListQuery<MailListRow> =>
  (keyword) =>
    infiniteQueryOptions<Page<MailListRow>, Error, InfiniteData<Page<MailListRow>, number>, readonly unknown[], number>(
      {
        queryKey: [...mailKeys.list('inbox'), { keyword, unread: true }],
        queryFn: ({ pageParam }) =>
          get<Page<MailListRow>>(
            '/api/mail/list/unread',
            {
              pageNum: pageParam,
              pageSize: PAGE_SIZE,
              ...(keyword ? { keyword } : {}),
              ...(keepId ? { keep: keepId } : {}),
            },
            { noLoading: true },
          ),
        initialPageParam: 1,
        getNextPageParam: (last, pages) =>
          pages.length * PAGE_SIZE < last.total && last.rows.length > 0 ? pages.length + 1 : undefined,
        select: (data) => ({
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            rows: page.rows.filter((row) => !row.seen || row.id === keepId),
          })),
        }),
      },
    );

import type { Page } from '@contract/envelope';
import type { MailDetail, MailListRow } from '@contract/mail';
import type { SyncAheadStep } from '@/lib/sync-ahead-source';
import { get } from '@/api/http';
import { keptPreviewAddress } from '@/components/file-preview/kept-preview-address';
import { mailCountsQueryOptions, mailListQuery, mailQueryOptions } from './api/get-mail';

/** The latest inbox mails kept with their bodies: a train ride's reading, not the whole mailbox. */
const LATEST_MAILS = 30;
/** Attachments larger than this stay on the server (a mail's video must not push out a 待办's scan). */
const MAIL_FILE_CAP_BYTES = 10 * 1024 * 1024;

const steps: SyncAheadStep[] = [
  {
    groups: ['邮件'],
    async run({ queryClient, kept, keepFiles, signal }) {
      await Promise.all([
        queryClient.prefetchInfiniteQuery(mailListQuery('inbox')('')),
        queryClient.prefetchQuery(mailCountsQueryOptions()),
      ]);
      const latest = await get<Page<MailListRow>>(
        '/api/mail/list/inbox',
        { pageNum: 1, pageSize: LATEST_MAILS },
        { noLoading: true },
      );
      const details: MailDetail[] = [];
      for (const row of latest.rows) {
        if (signal.aborted) break;
        const detail = await queryClient.fetchQuery(mailQueryOptions(row.id)).catch(() => null);
        if (!detail) continue;
        details.push(detail);
        const at = Date.parse(row.at) || 0;
        keepFiles(
          '邮件',
          // a 机密 mail's files are not kept on the phone: they are only ever looked at, online
          (detail.confidential ? [] : detail.attachments)
            .filter((file) => file.size <= MAIL_FILE_CAP_BYTES)
            .map((file) => ({ address: keptPreviewAddress(file), at, size: file.size })),
        );
      }
      kept('邮件', details.length, details);
    },
  },
];

export default steps;

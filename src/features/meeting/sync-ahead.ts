import type { MeetingDetail } from '@contract/meeting';
import type { SyncAheadStep } from '@/lib/sync-ahead-source';
import { keptPreviewAddress } from '@/components/file-preview/kept-preview-address';
import { meetingDetailOptions, meetingListQuery } from './api/get-meetings';

/** 待回复, 待开始 and 进行中: the meetings this week may ask of the person. */
const OPEN_LISTS = ['invitations', 'upcoming', 'ongoing'] as const;
/** Materials larger than this stay on the server, like a mail's large attachments. */
export const MATERIAL_FILE_CAP_BYTES = 10 * 1024 * 1024;

const steps: SyncAheadStep[] = [
  {
    groups: ['会议'],
    async run({ queryClient, kept, keepFiles, signal }) {
      const ids = new Set<string>();
      for (const kind of OPEN_LISTS) {
        const list = await queryClient.fetchInfiniteQuery(meetingListQuery(kind)(''));
        for (const row of list.pages.flatMap((page) => page.rows)) ids.add(row.id);
      }
      const details: MeetingDetail[] = [];
      for (const id of ids) {
        if (signal.aborted) break;
        const detail = await queryClient.fetchQuery(meetingDetailOptions(id)).catch(() => null);
        if (!detail) continue;
        details.push(detail);
        // the materials open offline in the same previewer (/meeting/information)
        keepFiles(
          '会议',
          detail.materials
            .filter((file) => file.size <= MATERIAL_FILE_CAP_BYTES)
            .map((file) => ({
              address: keptPreviewAddress({ fileName: file.id, attachName: file.fileName }),
              at: Date.parse(detail.startAt) || 0,
              size: file.size,
            })),
        );
      }
      kept('会议', details.length, details);
    },
  },
];

export default steps;

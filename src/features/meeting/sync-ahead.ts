import type { MeetingDetail } from '@contract/meeting';
import type { SyncAheadStep } from '@/lib/sync-ahead-source';
import { meetingDetailOptions, meetingListQuery } from './api/get-meetings';

/** 待回复, 待开始 and 进行中: the meetings this week may ask of the person. */
const OPEN_LISTS = ['invitations', 'upcoming', 'ongoing'] as const;

const steps: SyncAheadStep[] = [
  {
    groups: ['会议'],
    async run({ queryClient, kept, signal }) {
      const ids = new Set<string>();
      for (const kind of OPEN_LISTS) {
        const list = await queryClient.fetchInfiniteQuery(meetingListQuery(kind)(''));
        for (const row of list.pages.flatMap((page) => page.rows)) ids.add(row.id);
      }
      const details: MeetingDetail[] = [];
      for (const id of ids) {
        if (signal.aborted) break;
        const detail = await queryClient.fetchQuery(meetingDetailOptions(id)).catch(() => null);
        if (detail) details.push(detail);
      }
      kept('会议', details.length, details);
    },
  },
];

export default steps;

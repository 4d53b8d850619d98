import type { SyncAheadStep } from '@/lib/sync-ahead-source';
import { rangeOptions } from './api/get-schedule';
import { gridRange, shanghaiToday } from './month-grid';

const steps: SyncAheadStep[] = [
  {
    groups: ['日程'],
    async run({ queryClient, kept }) {
      // the month grid the 日程 page opens on (this week included), under the key it reads
      const today = shanghaiToday();
      const { from, to } = gridRange(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
      const occurrences = await queryClient.fetchQuery(rangeOptions(from, to));
      kept('日程', occurrences.length, occurrences);
    },
  },
];

export default steps;

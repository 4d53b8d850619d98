import { createFileRoute } from '@tanstack/react-router';
import { ScheduleMonthPage } from '@/features/schedule/components/schedule-month-page';
import { loadRange } from '@/features/schedule/api/loaders';
import { gridRange, shanghaiToday } from '@/features/schedule/month-grid';

export const Route = createFileRoute('/schedule/index')({
  staticData: { title: '日程', index: 1 },
  loader: ({ context }) => {
    const today = shanghaiToday();
    const { from, to } = gridRange(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
    return loadRange(context.queryClient, from, to);
  },
  component: ScheduleMonthPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { ScheduleMonthPage } from '@/features/schedule/components/schedule-month-page';

export const Route = createFileRoute('/schedule/index')({
  staticData: { title: '日程', index: 1 },
  loader: async ({ context }) => {
    const { loadRange } = await import('@/features/schedule/api/loaders');
    const { gridRange, shanghaiToday } = await import('@/features/schedule/month-grid');
    const today = shanghaiToday();
    const { from, to } = gridRange(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
    return loadRange(context.queryClient, from, to);
  },
  component: ScheduleMonthPage,
});

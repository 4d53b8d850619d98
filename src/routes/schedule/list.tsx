import { createFileRoute } from '@tanstack/react-router';
import { optionalDay } from '@/lib/search-params';
import { ScheduleListPage } from '@/features/schedule/components/schedule-list-page';

export const Route = createFileRoute('/schedule/list')({
  staticData: { title: '日程列表', index: 2 },
  validateSearch: (search: Record<string, unknown>): { from?: string; to?: string } => ({
    from: optionalDay(search.from),
    to: optionalDay(search.to),
  }),
  component: ScheduleList,
});

function ScheduleList() {
  const { from, to } = Route.useSearch();
  return <ScheduleListPage from={from} to={to} />;
}

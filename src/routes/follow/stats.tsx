import { createFileRoute } from '@tanstack/react-router';
import { FlowStatsPage } from '@/features/follow/components/flow-stats-page';
import { flowStatsQueryOptions } from '@/features/follow/api/get-flow-stats';

export const Route = createFileRoute('/follow/stats')({
  staticData: { title: '审批统计', index: 2 },
  loader: ({ context }) => context.queryClient.prefetchQuery(flowStatsQueryOptions('me')),
  component: FlowStatsPage,
});

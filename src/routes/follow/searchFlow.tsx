import { createFileRoute } from '@tanstack/react-router';
import { SearchFlowPage } from '@/features/follow/components/search-flow-page';
import { loadDefinitions } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/searchFlow')({
  staticData: { title: '流程查询', index: 2 },
  loader: ({ context }) => loadDefinitions(context.queryClient),
  component: SearchFlowPage,
});

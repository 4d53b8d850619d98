import { createFileRoute } from '@tanstack/react-router';
import { SearchFlowPage } from '@/features/follow/components/search-flow-page';

export const Route = createFileRoute('/follow/searchFlow')({
  staticData: { title: '流程查询', index: 2 },
  component: SearchFlowPage,
});

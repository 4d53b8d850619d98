import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

const searchSchema = z.object({
  keyword: z.string().max(50).optional().catch(undefined),
  category: z.string().max(32).optional().catch(undefined),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
});

export const Route = createFileRoute('/follow/searchFlowList')({
  staticData: { title: '查询结果', index: 3 },
  validateSearch: searchSchema,
  component: SearchResults,
});

function SearchResults() {
  const search = Route.useSearch();
  return <FlowListPage kind="search" filters={Object.fromEntries(Object.entries(search).filter(([, v]) => v))} />;
}

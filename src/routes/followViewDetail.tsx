import { createFileRoute } from '@tanstack/react-router';
import { validateFlowDetailSearch } from '@/lib/search-params';
import { detailRoutePage } from '@/features/follow/components/detail-route-page';

export const Route = createFileRoute('/followViewDetail')({
  staticData: { title: '流程详情', index: 3 },
  validateSearch: validateFlowDetailSearch,
  component: detailRoutePage('view'),
});

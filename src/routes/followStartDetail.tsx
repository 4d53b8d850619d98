import { createFileRoute } from '@tanstack/react-router';
import { validateFlowDetailSearch } from '@/lib/search-params';
import { detailRoutePage } from '@/features/follow/components/detail-route-page';

export const Route = createFileRoute('/followStartDetail')({
  staticData: { title: '我的申请', index: 3 },
  validateSearch: validateFlowDetailSearch,
  component: detailRoutePage('start'),
});

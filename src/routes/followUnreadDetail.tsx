import { createFileRoute } from '@tanstack/react-router';
import { validateFlowDetailSearch } from '@/lib/search-params';
import { detailRoutePage } from '@/features/follow/components/detail-route-page';

export const Route = createFileRoute('/followUnreadDetail')({
  staticData: { title: '待阅详情', index: 3 },
  validateSearch: validateFlowDetailSearch,
  component: detailRoutePage('unread'),
});

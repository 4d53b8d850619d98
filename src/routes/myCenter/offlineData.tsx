import { createFileRoute } from '@tanstack/react-router';
import { OfflineDataPage } from '@/features/my/components/offline-data-page';

export const Route = createFileRoute('/myCenter/offlineData')({
  staticData: { title: '离线数据', index: 2 },
  component: OfflineDataPage,
});

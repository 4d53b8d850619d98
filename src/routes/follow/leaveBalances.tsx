import { createFileRoute } from '@tanstack/react-router';
import { LeaveBalancePage } from '@/features/follow/components/leave-balance-page';

export const Route = createFileRoute('/follow/leaveBalances')({
  staticData: { title: '假期余额', index: 2 },
  component: LeaveBalancePage,
});

import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateFlowSelection } from '@/features/pad/api/flow-search-params';

// spec §2: waitDetail is /padflow's default child; a link's flow rides along
export const Route = createFileRoute('/padflow/')({
  validateSearch: validateFlowSelection,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/padflow/waitDetail', search, replace: true });
  },
});

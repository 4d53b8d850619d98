import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/schedule/')({
  staticData: { title: '日程', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/schedule/index', replace: true });
  },
});

import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/padworktable/')({
  staticData: { title: '工作台', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/padworktable/index', replace: true });
  },
});

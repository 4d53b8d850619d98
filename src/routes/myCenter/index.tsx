import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/myCenter/')({
  staticData: { title: '我的', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/myCenter/index', replace: true });
  },
});

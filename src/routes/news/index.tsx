import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/news/')({
  staticData: { title: '资讯', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/news/Headlines', replace: true });
  },
});

import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/padhome')({
  staticData: { title: '首页', index: 1, home: true },
  beforeLoad: () => {
    throw redirect({ to: '/padbacklog', replace: true });
  },
});

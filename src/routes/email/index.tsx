import { createFileRoute, redirect } from '@tanstack/react-router';

/** /email opens its default child, the inbox. */
export const Route = createFileRoute('/email/')({
  staticData: { title: '邮件', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/email/inbox', replace: true });
  },
});

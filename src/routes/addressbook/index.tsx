import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/addressbook/')({
  staticData: { title: '通讯录', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/addressbook/index', replace: true });
  },
});

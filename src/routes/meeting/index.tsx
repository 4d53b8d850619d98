import { createFileRoute, redirect } from '@tanstack/react-router';

/** /meeting is the module's address too: it opens its index, as /addressbook and /myCenter do. */
export const Route = createFileRoute('/meeting/')({
  staticData: { title: '会议', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/meeting/index', replace: true });
  },
});

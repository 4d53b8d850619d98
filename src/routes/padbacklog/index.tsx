import { createFileRoute, redirect } from '@tanstack/react-router';

// /padbacklog (and /padbacklog/) is the to-do list of spec §2's /padbacklog/index
export const Route = createFileRoute('/padbacklog/')({
  beforeLoad: () => {
    throw redirect({ to: '/padbacklog/index', replace: true });
  },
});

import { createFileRoute, redirect } from '@tanstack/react-router';

/** /follow is the 审批 hub's own address too (as /myCenter is 我的's): it opens /follow/index. */
export const Route = createFileRoute('/follow/')({
  staticData: { title: '审批', index: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/follow/index', replace: true });
  },
});

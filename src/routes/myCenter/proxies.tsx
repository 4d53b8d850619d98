import { createFileRoute } from '@tanstack/react-router';
import { proxiesQueryOptions } from '@/features/my/api/proxies';
import { ProxyPage } from '@/features/my/components/proxy-page';

const quiet = () => undefined;

export const Route = createFileRoute('/myCenter/proxies')({
  staticData: { title: '审批代理', index: 2 },
  // a failed read is left to the page (cached copy, empty state), never the error route
  loader: ({ context }) => context.queryClient.ensureQueryData(proxiesQueryOptions()).then(quiet, quiet),
  component: ProxyPage,
});

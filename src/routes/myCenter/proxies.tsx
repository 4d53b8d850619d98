import { createFileRoute } from '@tanstack/react-router';
import { optionalDay } from '@/lib/search-params';
import { proxiesQueryOptions } from '@/features/my/api/proxies';
import { ProxyPage } from '@/features/my/components/proxy-page';

const quiet = () => undefined;

export const Route = createFileRoute('/myCenter/proxies')({
  staticData: { title: '审批代理', index: 2 },
  // an approved 请假/出差 links here with its days: the form opens filled in with them
  validateSearch: (search: Record<string, unknown>): { from?: string; to?: string } => ({
    from: optionalDay(search.from),
    to: optionalDay(search.to),
  }),
  // a failed read is left to the page (cached copy, empty state), never the error route
  loader: ({ context }) => context.queryClient.ensureQueryData(proxiesQueryOptions()).then(quiet, quiet),
  component: ProxiesRoute,
});

function ProxiesRoute() {
  const { from, to } = Route.useSearch();
  return <ProxyPage away={from && to && from <= to ? { from, to } : undefined} />;
}

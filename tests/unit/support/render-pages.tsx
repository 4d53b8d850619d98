import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router';

/**
 * A QueryClient for one test: a failed query or write is shown at once instead of retried behind the test's back.
 * `options` adds to that (staleTime: Infinity to keep what the test put in the cache, enabled: false, …).
 */
export function testQueryClient(options: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...options,
      queries: { retry: false, ...options.queries },
      mutations: { retry: false, ...options.mutations },
    },
  });
}

/**
 * Renders `pages` (path → component) under their own router, started at `at`, inside a QueryClientProvider: what the
 * app's route tree gives a page, without the rest of the app. A path the page navigates to is one more entry (often a
 * placeholder such as `() => <p>待办列表</p>`), so the test can check where it went by `router.state.location`; a
 * route that needs more than a component (validateSearch) comes from `routes`.
 */
export function renderPages(
  pages: Record<string, RouteComponent>,
  {
    at,
    queryClient = testQueryClient(),
    routes = () => [],
  }: { at: string; queryClient?: QueryClient; routes?: (root: AnyRoute) => AnyRoute[] },
) {
  const root = createRootRoute();
  const children = Object.entries(pages).map(([path, component]) =>
    createRoute({ getParentRoute: () => root, path, component }),
  );
  const router = createRouter({
    routeTree: root.addChildren([...children, ...routes(root)]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

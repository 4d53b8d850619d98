import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppShell } from '@/app/app-shell';
import { ensureCurrentUser } from '@/session/current-user-query';
import { NotFound } from '@/app/not-found';
import { initialPasswordGuard, returnAfterLogin, sessionGuard } from '@/session/guard';
import { getUid } from '@/lib/uid-store';
import { useLiveEvents } from '@/api/live-events';
import { liveStreams } from '@/modules';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { title: '协同办公系统', index: 0 },
  beforeLoad: async ({ location, context }) => {
    const to = sessionGuard(location.pathname);
    // a signed-out deep link keeps its target: the login document opens it after the login
    if (to === '/login') throw redirect({ to, search: { redirect: returnAfterLogin(location.href) }, replace: true });
    if (to) throw redirect({ to, replace: true });
    const uid = getUid();
    // Offline or failing: the pages still open from cached data; the http layer reports the failure. A cached copy
    // is shown at once and, online, fetched again when stale (every restored copy is).
    const user = uid ? await ensureCurrentUser(context.queryClient, uid).catch(() => undefined) : undefined;
    const change = initialPasswordGuard(location.pathname, user?.mustChangePassword);
    if (change) throw redirect({ to: change, replace: true });
  },
  component: RootShell,
  notFoundComponent: NotFound,
});

/** The shell, plus the live events every module manifest asks for. */
function RootShell() {
  useLiveEvents(liveStreams);
  return <AppShell />;
}

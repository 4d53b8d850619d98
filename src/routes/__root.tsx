import { lazy, Suspense, type ReactNode } from 'react';
import { createRootRouteWithContext, redirect, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppShell } from '@/app/app-shell';
import { ensureCurrentUser } from '@/session/current-user-query';
import { NotFound } from '@/app/not-found';
import { initialPasswordGuard, returnAfterLogin, sessionGuard } from '@/session/guard';
import { getUid } from '@/lib/uid-store';
import { handOverToLoginDocument } from '@/lib/login-redirect';
import { useLiveEvents } from '@/api/live-events';
import { liveStreams, railEntries } from '@/modules';
import { usesTabletShell } from '@/features/pad/api/tablet';

export interface RouterContext {
  queryClient: QueryClient;
}

function loadPadShell() {
  return import('@/features/pad/components/pad-shell');
}

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { title: '协同办公系统', index: 0 },
  beforeLoad: async ({ location, context }) => {
    const to = sessionGuard(location.pathname);
    if (to === '/login') {
      // Straight to the login document (keeping a deep link's target for after the login), not through the /login
      // route, which replaces the document anyway: that put /login in the address bar before the real load began, and
      // whatever acted on the address meanwhile (a test's next navigation, in CI) raced the browser's own navigation.
      return handOverToLoginDocument(returnAfterLogin(location.href));
    }
    if (to) throw redirect({ to, replace: true });
    // a tablet opens the tablet screen of a phone page that has one (the phone tab bar pages); phones never load the map
    const twin = usesTabletShell(location.pathname) ? (await loadPadShell()).tabletTwin(location.pathname) : undefined;
    if (twin) throw redirect({ to: twin, search: location.search, replace: true } as never);
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

// the rail (and the map of tablet screens) is fetched by tablets only: a phone's first load carries none of it
const PadShell = lazy(loadPadShell);

function TabletFrame({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <PadShell rail={railEntries}>{children}</PadShell>
    </Suspense>
  );
}

/** The shell (inside the tablet's navigation on a tablet), plus the live events every module manifest asks for. */
function RootShell() {
  useLiveEvents(liveStreams);
  const tablet = useRouterState({ select: (s) => usesTabletShell(s.location.pathname) });
  return <AppShell Frame={tablet ? TabletFrame : undefined} />;
}

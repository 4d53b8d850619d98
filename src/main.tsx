import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './router';
import { persistedRoots } from './modules';
import { carriesUid } from './session/uid-params';
import { onSessionEvent } from '@/lib/session-events';
import { getUid, uidStore } from '@/lib/uid-store';
import { registerServiceWorker } from './platform/register-sw';
import { platformConfig } from './platform/platform-config';
import { followNotificationLinks } from './platform/notification-links';
import './app/theme.css';

/** How long after the offline layer started 离线同步 begins (src/offline/sync-ahead/). */
const SYNC_AHEAD_AFTER_MS = 6_000;

/** Ends the current task, so the browser can paint or take input before the next piece of the start. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function boot() {
  // the entry's own evaluation is one task already: the start runs in the tasks after it
  await nextTask();
  registerServiceWorker();
  // A uid handed over in the URL (token, workplace-chat code, app client id) must be settled before the first guard.
  if (carriesUid(window.location))
    await import('./session/uid-sources').then((m) => m.resolveUidFromUrl(window.location)).catch(() => undefined);
  const queryClient = createAppQueryClient();
  // The offline layer is its own chunk. A signed-in start waits for it, so the user's cached reads are back in the
  // client before the first render (an offline start shows data at once). Nobody signed in has nothing cached or
  // queued: the layer is fetched the moment a uid arrives (sign-in), not on /login's first load. It persists the
  // whole client on every cache event, so the reads made while it loads are saved with the next one.
  if (getUid()) {
    const offline = startOfflineLayer(queryClient);
    if (window.location.pathname !== '/login') await offline.catch(() => undefined);
  } else {
    const off = uidStore.subscribe((uid) => {
      if (!uid) return;
      off();
      void startOfflineLayer(queryClient).catch(() => undefined);
    });
  }
  await nextTask();
  const router = createAppRouter(queryClient);
  followNotificationLinks((path) => router.history.push(path));
  // only the native app shell has a hardware back button to handle: a browser does not fetch the handler
  if (platformConfig.hostApp === 'uniapp')
    void import('./platform/hybrid-back').then(({ installHybridBack }) =>
      installHybridBack({
        isHome: () => router.state.matches.some((m) => m.staticData?.home === true),
        goBack: () => router.history.back(),
      }),
    );
  // The first route (guard, redirects, its page's code) is settled before React starts: the static first paint of
  // index.html stays until the page can replace it whole, and the page's first render is part of the first React
  // render, which a transition renders in slices (a route piece arriving later would re-render in one long task).
  await nextTask();
  await router.load().catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

async function startOfflineLayer(queryClient: ReturnType<typeof createAppQueryClient>) {
  const [{ startOffline }, { httpSender }] = await Promise.all([
    import(/* webpackChunkName: "offline" */ './offline/start-offline'),
    import(/* webpackChunkName: "offline" */ './offline/http-sender'),
  ]);
  await startOffline(queryClient, { send: httpSender, persistedRoots, onLogout: (fn) => onSessionEvent('logout', fn) });
  // 离线同步 is its own chunk, fetched once the opening's own reads are done: it is no part of the first load
  setTimeout(() => void import('./sync-ahead-steps').then((m) => m.startSyncAheadOf(queryClient)), SYNC_AHEAD_AFTER_MS);
}

void boot();

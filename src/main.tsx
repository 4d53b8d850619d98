import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './router';
import { persistedRoots } from './modules';
import { resolveUidFromUrl } from './session/uid-sources';
import { onSessionEvent } from '@/lib/session-events';
import { getUid } from '@/lib/uid-store';
import { registerServiceWorker } from './platform/register-sw';
import { installHybridBack } from './platform/hybrid-back';
import './app/theme.css';

async function boot() {
  registerServiceWorker();
  // A uid handed over in the URL (token, workplace-chat code, app client id) must be settled before the first guard.
  await resolveUidFromUrl(window.location).catch(() => undefined);
  const queryClient = createAppQueryClient();
  // The offline layer is its own chunk. A signed-in start waits for it, so the user's cached reads are back in the
  // client before the first render (an offline start shows data at once); /login has nothing cached to wait for,
  // whether or not a uid is stored.
  const offline = startOfflineLayer(queryClient);
  if (getUid() && window.location.pathname !== '/login') await offline.catch(() => undefined);
  const router = createAppRouter(queryClient);
  installHybridBack({
    isHome: () => router.state.matches.some((m) => m.staticData?.home === true),
    goBack: () => router.history.back(),
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

async function startOfflineLayer(queryClient: ReturnType<typeof createAppQueryClient>) {
  const [{ startOffline }, { httpSender }] = await Promise.all([import('./offline/start-offline'), import('./offline/http-sender')]);
  await startOffline(queryClient, { send: httpSender, persistedRoots, onLogout: (fn) => onSessionEvent('logout', fn) });
}

void boot();

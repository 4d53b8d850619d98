import { Outlet, useRouterState } from '@tanstack/react-router';
import { LoadingOverlay } from './loading-overlay';
import { LazyFilePreview } from './lazy-file-preview';
import { OfflineBar } from './offline-bar';
import { UpdatePrompt } from './update-prompt';
import { PageTransitions } from './page-transitions';
import { PageWrapper } from './page-wrapper';
import { useDocumentTitle } from './document-title';
import { useRouteMeta } from './route-meta';
import { useSessionEventNavigation } from './session-navigation';
import './theme.css';

export function AppShell() {
  useSessionEventNavigation();
  return (
    <div className="app-root">
      <OfflineBar />
      <UpdatePrompt />
      <PageTransitions>
        <CurrentPage />
      </PageTransitions>
      <LoadingOverlay />
      <LazyFilePreview />
    </div>
  );
}

function CurrentPage() {
  const meta = useRouteMeta();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = useDocumentTitle(meta.title, pathname);
  if (meta.bare) return <Outlet />;
  return (
    <PageWrapper title={title} home={meta.home}>
      <Outlet />
    </PageWrapper>
  );
}

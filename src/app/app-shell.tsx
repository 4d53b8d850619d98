import type { ComponentType, ReactNode } from 'react';
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

export interface AppShellProps {
  /** drawn around the page stage (the tablet shell's navigation rail); it stays put while pages slide */
  Frame?: ComponentType<{ children: ReactNode }>;
}

export function AppShell({ Frame }: AppShellProps) {
  useSessionEventNavigation();
  const { bare } = useRouteMeta();
  const stage = (
    <PageTransitions>
      <CurrentPage />
    </PageTransitions>
  );
  return (
    <div className="app-root">
      <OfflineBar />
      <UpdatePrompt />
      {Frame && !bare ? <Frame>{stage}</Frame> : stage}
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

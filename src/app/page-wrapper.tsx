import type { ReactNode } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { platformConfig } from '@/platform/platform-config';
import { goBack, pageReferrer } from './back';
import { showsBackArrow } from './route-meta';
import './page-wrapper.css';

interface PageWrapperProps {
  title: string;
  /** -2 goes back two steps; a path navigates there; none goes back one step (or home on a fresh tab) */
  backPath?: string | number;
  /** a home page has nowhere to go back to */
  home?: boolean;
  right?: ReactNode;
  children: ReactNode;
}

/**
 * Spec §2: the title bar is drawn only in an h5 environment; host apps (DingTalk, WeCom, the app shell) draw their own.
 * The page itself is the document's main landmark (screen readers jump to it; axe's `region` rule asks for it); it
 * takes no box of its own, so every page's layout stays as it was.
 */
export function PageWrapper({ title, backPath, home = false, right, children }: PageWrapperProps) {
  const navigate = useNavigate();
  const router = useRouter();
  const main = <main className="page-main">{children}</main>;
  if (!platformConfig.h5) return main;
  const withBack = !home && showsBackArrow(title);
  const handleBack = () =>
    goBack({
      backPath,
      navigate: (to: string) => navigate({ to }),
      go: (delta: number) => router.history.go(delta),
      back: () => router.history.back(),
      referrer: pageReferrer(router.history.canGoBack(), document.referrer),
    });
  return (
    <>
      <header className="page-titlebar">
        {withBack ? (
          <button type="button" className="page-titlebar-back" aria-label="返回" onClick={handleBack}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M15 4 7 12l8 8"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        ) : (
          <span className="page-titlebar-spacer" />
        )}
        <h1 className="page-titlebar-title">{title}</h1>
        <div className="page-titlebar-right">{right}</div>
      </header>
      {main}
    </>
  );
}

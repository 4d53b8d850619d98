import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';
import type { RailEntry } from '@/lib/module-manifest';
import './pad-layout.css';

/** One entry per section key: a module's placeholder (no route yet) gives way to the entry that has a route. */
export function railSections(rail: RailEntry[]): RailEntry[] {
  const byKey = new Map<string, RailEntry>();
  for (const entry of rail) {
    const seen = byKey.get(entry.key);
    if (!seen || (!seen.to && entry.to)) byKey.set(entry.key, entry);
  }
  return [...byKey.values()].sort((a, b) => a.order - b.order);
}

/** Tablet shell: a navigation rail on the left (from the module manifests), the section in the rest of the screen. */
export function PadLayout({ rail }: { rail: RailEntry[] }) {
  const sections = railSections(rail);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const name = useStore(userStore, (s) => s.user?.userVo.realName ?? '');
  return (
    <div className="pad-layout">
      <nav className="pad-rail" aria-label="主导航">
        <span className="pad-rail-avatar" aria-label={name}>
          {name.slice(-2)}
        </span>
        {sections.map((item) => {
          const active = Boolean(item.to && pathname.startsWith(item.to));
          const icon = (
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={item.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          );
          return item.to ? (
            <Link key={item.key} to={item.to} className={active ? 'pad-rail-item pad-rail-active' : 'pad-rail-item'} aria-current={active ? 'page' : undefined}>
              {icon}
              <span>{item.title}</span>
            </Link>
          ) : (
            <span key={item.key} className="pad-rail-item pad-rail-disabled" aria-disabled="true" title="建设中">
              {icon}
              <span>{item.title}</span>
            </span>
          );
        })}
      </nav>
      {/* the page wrapper around this layout is the main landmark: a second one inside it would be nested */}
      <div className="pad-content">
        <Outlet />
      </div>
    </div>
  );
}

import type { KeyboardEvent, ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
// the one file, not the folder's index: the shell loads on every tablet page, most of which draw no split view
import { SPLIT_ITEM_ATTR } from '@/components/split-view/list-keys';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';
import type { RailEntry } from '@/lib/module-manifest';
import { PAD_SECTIONS } from '../api/pad-sections';
import './pad-layout.css';
// the root route asks for this with the shell: one chunk for tablets
export { tabletTwin } from '../api/tablet-twins';
import './pad-shell.css';
import './pad-schedule.css';

/** One entry per section key: a module's placeholder (no route yet) gives way to the entry that has a route. */
export function railSections(rail: RailEntry[]): RailEntry[] {
  const byKey = new Map<string, RailEntry>();
  for (const entry of rail) {
    const seen = byKey.get(entry.key);
    if (!seen || (!seen.to && entry.to)) byKey.set(entry.key, entry);
  }
  return [...byKey.values()].sort((a, b) => a.order - b.order);
}

/** The rail: the shell's own sections with the modules' rail entries (a placeholder gives way to the section with a route). */
export function shellSections(rail: RailEntry[]): RailEntry[] {
  return railSections([...rail, ...PAD_SECTIONS]);
}

/** Phone routes reached inside the tablet shell, and the rail section they belong to (every module opens from 工作台). */
const SECTION_OF_PATH: [prefix: string, section: string][] = [
  ['/follow', 'flow'],
  ['/addressbook', 'contacts'],
  ['/myCenter', 'my'],
];

/** The rail entry the page belongs to: the longest rail address the path starts with, else its module's section. */
export function activeSection(sections: RailEntry[], pathname: string): string {
  const own = sections
    .filter((s) => s.to && (pathname === s.to || pathname.startsWith(`${s.to}/`)))
    .sort((a, b) => b.to!.length - a.to!.length)[0];
  if (own) return own.key;
  return SECTION_OF_PATH.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? 'worktable';
}

/**
 * ↓ on the rail goes into the page's list, as a keyboard on a tablet expects (issue 47): to the row open beside it,
 * else the first row, as a listbox takes focus. From there the list's own keys (↑ ↓ Home End, Enter) take over.
 */
function enterList(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const stage = event.currentTarget.parentElement?.querySelector('.pad-shell-stage');
  const rows = Array.from(stage?.querySelectorAll<HTMLElement>(`.split-view-list [${SPLIT_ITEM_ATTR}]`) ?? []);
  const row = rows.find((r) => r.getAttribute('aria-current') === 'true') ?? rows[0];
  if (!row) return;
  event.preventDefault();
  row.focus();
  row.scrollIntoView({ block: 'nearest' });
}

/**
 * The tablet shell: the navigation rail (from the module manifests) on the left of every page a tablet opens, the
 * page stage beside it. It sits outside the page transitions, so it stays put while pages slide.
 */
export default function PadShell({ rail, children }: { rail: RailEntry[]; children: ReactNode }) {
  const sections = shellSections(rail);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const name = useStore(userStore, (s) => s.user?.userVo.realName ?? '');
  const active = activeSection(sections, pathname);
  return (
    <div className="pad-shell">
      <nav className="pad-rail" aria-label="主导航" onKeyDown={enterList}>
        <span className="pad-rail-avatar" aria-label={name}>
          {name.slice(-2)}
        </span>
        {sections.map((item) => {
          const on = item.key === active;
          const icon = (
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d={item.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          );
          return item.to ? (
            <Link
              key={item.key}
              to={item.to}
              className={on ? 'pad-rail-item pad-rail-active' : 'pad-rail-item'}
              aria-current={on ? 'page' : undefined}
            >
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
      <div className="pad-shell-stage">{children}</div>
    </div>
  );
}

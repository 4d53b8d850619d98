import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import type { Badges } from '@contract/message';
import type { HomeEntry } from '@/lib/module-manifest';

function EntryIcon({ entry }: { entry: HomeEntry }) {
  return (
    <span className="home-entry-icon" style={{ background: entry.color }} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26">
        <path d={entry.icon} fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

// what a tile's badge counts, said with it: the 审批 tile counts 待办 only (待阅 has its own badge on the 审批 hub)
const BADGE_UNIT: Partial<Record<keyof Badges, string>> = { flow: '条待办' };

function BadgeCount({ count, unit = '条未处理' }: { count: number; unit?: string }) {
  if (count <= 0) return null;
  return (
    <span className="home-entry-badge">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">{unit}</span>
    </span>
  );
}

/** One tile; it re-renders only when its own count changes (a Link costs a route lookup on every render). */
const EntryTile = memo(function EntryTile({ entry, count }: { entry: HomeEntry; count: number }) {
  const body = (
    <>
      <EntryIcon entry={entry} />
      <span className="home-entry-title">{entry.title}</span>
      <BadgeCount count={count} unit={entry.badge ? BADGE_UNIT[entry.badge] : undefined} />
      {!entry.to && <span className="home-entry-soon">建设中</span>}
    </>
  );
  return entry.to ? (
    <Link to={entry.to} className="home-entry">
      {body}
    </Link>
  ) : (
    <span className="home-entry home-entry-disabled" aria-disabled="true">
      {body}
    </span>
  );
});

/** The home grid: one tile per module manifest (src/modules.ts), in their order. */
export function ModuleGrid({ entries, badges }: { entries: HomeEntry[]; badges: Badges | undefined }) {
  return (
    <nav className="home-grid" aria-label="应用">
      {entries.map((entry) => (
        <EntryTile key={entry.key} entry={entry} count={entry.badge && badges ? badges[entry.badge] : 0} />
      ))}
    </nav>
  );
}

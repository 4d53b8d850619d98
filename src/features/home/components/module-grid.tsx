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

function BadgeCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="home-entry-badge">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">条未处理</span>
    </span>
  );
}

/** The home grid: one tile per module manifest (src/modules.ts), in their order. */
export function ModuleGrid({ entries, badges }: { entries: HomeEntry[]; badges: Badges | undefined }) {
  return (
    <nav className="home-grid" aria-label="应用">
      {entries.map((entry) => {
        const count = entry.badge && badges ? badges[entry.badge] : 0;
        const body = (
          <>
            <EntryIcon entry={entry} />
            <span className="home-entry-title">{entry.title}</span>
            <BadgeCount count={count} />
            {!entry.to && <span className="home-entry-soon">建设中</span>}
          </>
        );
        return entry.to ? (
          <Link key={entry.key} to={entry.to} className="home-entry">
            {body}
          </Link>
        ) : (
          <span key={entry.key} className="home-entry home-entry-disabled" aria-disabled="true">
            {body}
          </span>
        );
      })}
    </nav>
  );
}

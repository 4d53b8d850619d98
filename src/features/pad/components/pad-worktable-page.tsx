import { useQuery } from '@tanstack/react-query';
import { badgesQueryOptions } from '@/api/message';
import { ModuleGrid } from '@/features/home/components/module-grid';
import { RecentMessages } from '@/features/home/components/recent-messages';
import { useAppBadge } from '@/features/home/app-badge';
import type { HomeEntry } from '@/lib/module-manifest';
import { tabletTwin } from '../api/tablet-twins';
import { PadCounters } from './pad-worktable-counters';
import { PadWorktableTabs } from './pad-worktable-tabs';
import '@/features/home/components/phone-home-page.css';
import './pad-worktable.css';

/** 工作台 (/padworktable/index): the phone home's module grid at tablet size, beside the counters of what is waiting and the messages that announced it. */
export function PadWorktablePage({ entries }: { entries: HomeEntry[] }) {
  const badges = useQuery(badgesQueryOptions());
  // the app icon counts the unread messages (where the browser supports it)
  useAppBadge(badges.data?.message);
  // a tile whose module has a tablet screen opens it (通讯录 → /padcontacts) rather than the phone page
  const tiles = entries.map((entry) => ({ ...entry, to: (entry.to && tabletTwin(entry.to)) ?? entry.to }));
  return (
    <div className="pad-worktable">
      <PadWorktableTabs />
      <div className="pad-worktable-body">
        <section className="pad-panel pad-worktable-apps" aria-labelledby="pad-apps-title">
          <h2 id="pad-apps-title">应用</h2>
          <ModuleGrid entries={tiles} badges={badges.data} />
        </section>
        <div className="pad-worktable-side">
          <PadCounters />
          <RecentMessages />
        </div>
      </div>
    </div>
  );
}

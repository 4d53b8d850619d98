import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { badgesQueryOptions } from '@/api/message';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';
import type { HomeEntry } from '@/lib/module-manifest';
import { TabBar } from '@/components/tab-bar/tab-bar';
import { LazyPullToRefresh } from '@/components/lazy-pull-to-refresh/lazy-pull-to-refresh';
import { ModuleGrid } from './module-grid';
import { useAppBadge } from '../app-badge';
import { RecentMessages } from './recent-messages';
import { PushDroppedCheck } from './push-dropped-check';
import { recentMessagesQueryOptions } from '../api/get-recent-messages';
import './phone-home-page.css';

function greeting(hour: number) {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** The grid with its badges: a badge count arriving re-renders the grid, not the whole page. */
function HomeModuleGrid({ entries }: { entries: HomeEntry[] }) {
  const badges = useQuery(badgesQueryOptions());
  // the app icon counts the unread messages (where the browser supports it)
  useAppBadge(badges.data?.message);
  return <ModuleGrid entries={entries} badges={badges.data} />;
}

/** `entries` come from the module manifests (src/modules.ts), handed down by the route. */
export function PhoneHomePage({ entries }: { entries: HomeEntry[] }) {
  const queryClient = useQueryClient();
  const user = useStore(userStore, (s) => s.user);

  const handleRefresh = async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: badgesQueryOptions().queryKey }),
      queryClient.refetchQueries({ queryKey: recentMessagesQueryOptions().queryKey }),
    ]);
  };

  return (
    <>
      <div className="home-scroll">
        <LazyPullToRefresh
          onRefresh={handleRefresh}
          headHeight={50}
          threshold={50}
          pullingText="下拉刷新"
          canReleaseText="释放立即刷新"
          refreshingText="加载中..."
          completeText="刷新成功"
        >
          <section className="home-hero oa-hero-art">
            <p className="home-greeting">
              {greeting(new Date().getHours())}，{user?.userVo.realName ?? ''}
            </p>
            <p className="home-org">{user?.orgFullName ?? ''}</p>
          </section>
          <PushDroppedCheck />
          {/* a tap target only (its hint is CSS): the search page and its code load when opened */}
          <Link to="/search" className="home-search">
            搜索
          </Link>
          <HomeModuleGrid entries={entries} />
          <RecentMessages />
        </LazyPullToRefresh>
      </div>
      <TabBar />
    </>
  );
}

import { lazy, Suspense } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatRelativeTime } from '@/lib/format-date';
import { recentMessagesQueryOptions } from '../api/get-recent-messages';

// a home page with messages (the usual one) never draws the empty state: its code is fetched when it is drawn
const EmptyState = lazy(() => import('@/components/empty-state').then((mod) => ({ default: mod.EmptyState })));

export function RecentMessages() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(recentMessagesQueryOptions());
  const navigate = useNavigate();
  // a message opens what it is about (the server keeps links to the app's own paths); reading it marks it read
  const handleRead = (id: string, read: boolean, link: string | null) => {
    // its code comes with the tap: most opens of the home read no message from it
    if (!read) void import('../api/mark-message-read').then((mod) => mod.markMessageRead(queryClient, id));
    if (link?.startsWith('/')) void navigate({ href: link });
  };
  return (
    <section className="home-card" aria-labelledby="home-messages-title">
      <div className="home-card-head">
        <h2 id="home-messages-title" className="home-card-title">
          消息提醒
        </h2>
        <Link to="/message" className="home-card-more">
          查看全部
        </Link>
      </div>
      {isPending ? (
        <p className="home-card-loading">加载中...</p>
      ) : isError && !data ? (
        <Suspense fallback={null}>
          <EmptyState kind="error" onRetry={() => refetch()} />
        </Suspense>
      ) : data && data.rows.length > 0 ? (
        <ul className="home-messages">
          {data.rows.map((m) => (
            <li
              key={m.id}
              className={m.read ? 'home-message' : 'home-message home-message-unread'}
              onClick={() => handleRead(m.id, m.read, m.link)}
              onKeyDown={(e) => e.key === 'Enter' && handleRead(m.id, m.read, m.link)}
              tabIndex={m.read && !m.link ? undefined : 0}
            >
              <span className="home-message-title">{m.title}</span>
              <span className="home-message-meta">
                {m.senderName} · {formatRelativeTime(m.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Suspense fallback={null}>
          <EmptyState kind="nomessage" />
        </Suspense>
      )}
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { Badges } from '@contract/message';
import { badgesQueryOptions } from '@/api/message';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';

/** Each counter leads to where the waiting items are handled: the tablet screen when there is one, else the phone page. */
const counters: Array<{ key: keyof Badges; title: string; to?: string }> = [
  { key: 'flow', title: '待办审批', to: '/padbacklog' },
  { key: 'mail', title: '未读邮件', to: '/padworktable/unreademail' },
  { key: 'meeting', title: '待参加会议', to: '/meeting/index' },
  { key: 'message', title: '未读消息' },
];

/** What is waiting for the user, from the badges every module reports (GET /api/message/badges). */
export function PadCounters() {
  const badges = useQuery(badgesQueryOptions());
  const user = useStore(userStore, (s) => s.user);
  return (
    <section className="pad-panel" aria-labelledby="pad-counts-title">
      <h2 id="pad-counts-title">{user ? `${user.userVo.realName}的待办` : '我的待办'}</h2>
      <ul className="pad-counts">
        {counters.map((c) => (
          <li key={c.key}>
            {c.to ? (
              <Link to={c.to} className="pad-count">
                <strong>{badges.data?.[c.key] ?? 0}</strong>
                {c.title}
              </Link>
            ) : (
              <span className="pad-count">
                <strong>{badges.data?.[c.key] ?? 0}</strong>
                {c.title}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Badges } from '@contract/message';
import { badgesQueryOptions } from '@/api/message';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';
import { InboxList } from './inbox-list';

const counters: Array<{ key: keyof Badges; title: string }> = [
  { key: 'flow', title: '待办审批' },
  { key: 'mail', title: '未读邮件' },
  { key: 'meeting', title: '待参加会议' },
  { key: 'message', title: '未读消息' },
];

/** Tablet home: what is waiting for the user, side by side with the messages that announced it. */
export function PadBacklogPage() {
  const badges = useQuery(badgesQueryOptions());
  const user = useStore(userStore, (s) => s.user);
  return (
    <div className="pad-backlog">
      <section className="pad-panel" aria-labelledby="pad-counts-title">
        <h2 id="pad-counts-title">{user ? `${user.userVo.realName}的待办` : '我的待办'}</h2>
        <ul className="pad-counts">
          {counters.map((c) => (
            <li key={c.key} className="pad-count">
              <strong>{badges.data?.[c.key] ?? 0}</strong>
              {c.title}
            </li>
          ))}
        </ul>
      </section>
      <section className="pad-panel" aria-labelledby="pad-inbox-title">
        <h2 id="pad-inbox-title">消息提醒</h2>
        <InboxList />
      </section>
    </div>
  );
}

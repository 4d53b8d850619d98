import { ListView } from '@/components/list-view';
import { formatRelativeTime } from '@/lib/format';
import { inboxListQuery } from '../api/get-inbox-page';

export function InboxList() {
  return (
    <ListView
      query={inboxListQuery}
      itemKey={(m) => m.id}
      searchable
      emptyKind="nomessage"
      renderItem={(m) => (
        <div className={m.read ? 'home-message' : 'home-message home-message-unread'}>
          <span className="home-message-title">{m.title}</span>
          <span className="home-message-meta">
            {m.senderName} · {formatRelativeTime(m.createdAt)}
          </span>
        </div>
      )}
    />
  );
}

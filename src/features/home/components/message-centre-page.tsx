import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
// deep imports: the widgets stay in this page's chunk instead of the shared one /phonehome loads first
import Tabs from 'antd-mobile/es/components/tabs';
import SwipeAction from 'antd-mobile/es/components/swipe-action';
import Button from 'antd-mobile/es/components/button';
import { MESSAGE_SOURCES, MESSAGE_SOURCE_LABELS, type InboxMessage } from '@contract/message';
import { badgesQueryOptions } from '@/api/message';
import { ListView } from '@/components/list-view';
import { formatDate } from '@/lib/format-date';
import { inboxListQuery, type InboxFilter } from '../api/get-inbox';
import { markInboxMessageRead, useMarkAllRead } from '../api/mark-inbox-read';
import { useAppBadge } from '../app-badge';
import './message-centre.css';

/** The filters in the order the tabs offer them: 全部, 未读, then one per source module. */
export const INBOX_FILTERS: { key: InboxFilter; title: string }[] = [
  { key: 'all', title: '全部' },
  { key: 'unread', title: '未读' },
  ...MESSAGE_SOURCES.map((source) => ({ key: source, title: MESSAGE_SOURCE_LABELS[source] })),
];

function MessageRow({ message, onOpen, onRead }: { message: InboxMessage; onOpen: () => void; onRead: () => void }) {
  const row = (
    <button type="button" className={message.read ? 'message-row' : 'message-row message-row-unread'} onClick={onOpen}>
      <div className="message-row-head">
        <span className="message-row-source">{MESSAGE_SOURCE_LABELS[message.source]}</span>
        <span className="message-row-title">{message.title}</span>
      </div>
      {message.content ? <p className="message-row-content">{message.content}</p> : null}
      <span className="message-row-meta">
        {message.senderName} · {formatDate(message.createdAt, 'yyyy-MM-dd HH:mm')}
        {message.read ? '' : ' · 未读'}
      </span>
    </button>
  );
  if (message.read) return row;
  // swiping an unread row left offers 标为已读 without opening what it is about
  return (
    <SwipeAction rightActions={[{ key: 'read', text: '标为已读', color: 'primary', onClick: onRead }]}>
      {row}
    </SwipeAction>
  );
}

/** 消息中心 (/message): every in-app message with its module and time, by filter, 全部已读 and swipe to mark read. */
export function MessageCentrePage() {
  // the filter lives in the page, not in the address: checking it there would weigh on every page's first load
  const [filter, setFilter] = useState<InboxFilter>('all');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const badges = useQuery(badgesQueryOptions());
  const unread = badges.data?.message ?? 0;
  const markAll = useMarkAllRead();
  // the icon's number follows what is read here too
  useAppBadge(badges.data?.message);
  const source = filter === 'all' || filter === 'unread' ? undefined : filter;

  const handleOpen = (message: InboxMessage) => {
    if (!message.read) void markInboxMessageRead(queryClient, message.id);
    if (message.link?.startsWith('/')) void navigate({ href: message.link });
  };

  return (
    <div className="message-centre">
      <Tabs activeKey={filter} onChange={(key) => setFilter(key as InboxFilter)}>
        {INBOX_FILTERS.map((f) => (
          <Tabs.Tab key={f.key} title={f.title} />
        ))}
      </Tabs>
      <div className="message-centre-bar">
        <span aria-live="polite">{unread > 0 ? `未读 ${unread} 条` : '没有未读消息'}</span>
        <Button size="mini" color="primary" fill="outline" onClick={() => markAll.mutate(source)}>
          全部已读
        </Button>
      </div>
      <ListView
        key={filter}
        query={inboxListQuery(filter)}
        itemKey={(message) => message.id}
        renderItem={(message) => (
          <MessageRow
            message={message}
            onOpen={() => handleOpen(message)}
            onRead={() => void markInboxMessageRead(queryClient, message.id)}
          />
        )}
        searchable
        placeholder="搜索消息标题"
        emptyKind="nomessage"
        label="消息列表"
      />
    </div>
  );
}

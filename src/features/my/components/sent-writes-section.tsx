import { List } from 'antd-mobile';
import { formatDate } from '@/lib/format';
import { useSentWrites } from '@/offline/use-sent-writes';

/**
 * 已同步: the writes made offline that the server has applied (the last 50, at most 7 days), so the person can see that
 * their offline 同意 really left; waiting and refused ones show in the pending bar above every page.
 */
export function SentWritesSection() {
  const sent = useSentWrites();
  return (
    <section aria-label="已同步">
      <List header="已同步">
        {sent.length ? (
          sent.map((write) => (
            <List.Item key={write.id} extra={formatDate(write.sentAt, 'MM-dd HH:mm')}>
              {write.label}
            </List.Item>
          ))
        ) : (
          <List.Item>暂无离线操作同步记录</List.Item>
        )}
      </List>
    </section>
  );
}

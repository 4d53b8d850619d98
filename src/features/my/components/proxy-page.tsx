import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { FLOW_PROXY_STATE_LABELS, type FlowProxy } from '@contract/flow-proxy';
import { EmptyState } from '@/components/empty-state';
import { formatDate } from '@/lib/format-date';
import { useCurrentUser } from '@/session/current-user-query';
import { dialog } from '@/ui/feedback';
import { proxiesQueryOptions, useDeleteProxy } from '../api/proxies';
import { ProxyForm } from './proxy-form';
import './my-center-page.css';
import './proxy-page.css';

const when = (iso: string) => formatDate(iso, 'yyyy-MM-dd HH:mm');

/** One proxy: who stands in for whom, when, for which flows; 取消代理 when the server allows it. */
function ProxyCard({ proxy, myId }: { proxy: FlowProxy; myId?: string }) {
  const remove = useDeleteProxy();
  const confirmRemove = async () => {
    if (await dialog.confirm({ content: '取消后，代理人尚未处理的待办将退回给本人，确定取消吗？' }))
      remove.mutate(proxy.id);
  };
  const title =
    proxy.proxyUserId === myId ? `我代 ${proxy.userName} 审批` : `${proxy.proxyUserName} 代 ${proxy.userName} 审批`;
  return (
    <li className="my-proxy-card" aria-label={title}>
      <div className="my-proxy-head">
        <strong>{title}</strong>
        <span className={`my-proxy-state my-proxy-state-${proxy.state}`}>{FLOW_PROXY_STATE_LABELS[proxy.state]}</span>
      </div>
      <p>
        {when(proxy.startAt)} 至 {when(proxy.endAt)}
      </p>
      <p>
        {proxy.definitions.length ? proxy.definitions.map((d) => d.name).join('、') : '全部流程'}
        {proxy.includeWaiting ? '（含已有待办）' : ''}
      </p>
      {proxy.canDelete && proxy.state !== 'ended' && (
        <Button size="small" fill="outline" color="danger" loading={remove.isPending} onClick={confirmRemove}>
          取消代理
        </Button>
      )}
    </li>
  );
}

/**
 * 审批代理 (/myCenter/proxies): the proxies the user has to do with, and 新增代理. `away`: the days of an approved
 * 请假/出差 (its message links here), for which the form opens at once.
 */
export function ProxyPage({ away }: { away?: { from: string; to: string } } = {}) {
  const [adding, setAdding] = useState(Boolean(away));
  const { data: proxies = [], isPending } = useQuery(proxiesQueryOptions());
  const myId = useCurrentUser()?.userVo.id;
  return (
    <div className="my-proxy-page">
      <p className="my-proxy-hint">外出期间，新到的审批交给代理人处理；到期或取消后，未处理的退回给本人。</p>
      {proxies.length === 0 && !isPending ? (
        <EmptyState tip="暂无审批代理" />
      ) : (
        <ul className="my-proxy-list" aria-label="审批代理">
          {proxies.map((p) => (
            <ProxyCard key={p.id} proxy={p} myId={myId} />
          ))}
        </ul>
      )}
      <Button block color="primary" className="my-proxy-add" onClick={() => setAdding(true)}>
        新增代理
      </Button>
      <Popup
        visible={adding}
        onClose={() => setAdding(false)}
        onMaskClick={() => setAdding(false)}
        position="bottom"
        destroyOnClose
        bodyClassName="my-sheet"
      >
        <ProxyForm away={away} onDone={() => setAdding(false)} />
      </Popup>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { INSTANCE_STATUS_TEXT } from '@contract/flow';
import { dialog } from '@/ui/feedback';
import { EmptyState } from '@/components/empty-state';
import { usePageTitleOverride } from '@/lib/page-title';
import { formatDate } from '@/lib/format';
import { useIsOffline } from '@/offline/online-status';
import { mobileTipChannels, useSiteConfig } from '@/api/site-config';
import { instanceQueryOptions } from '../api/get-instance';
import { useMarkFlowRead } from '../api/mark-flow-read';
import { useUrge } from '../api/urge-instance';
import { useWithdraw } from '../api/withdraw-instance';
import { FlowForm } from '@/components/form-renderer/flow-form';
import { TraceTimeline } from './trace-timeline';
import './follow.css';

export type DetailVariant = 'wait' | 'unread' | 'start' | 'view';

interface InstanceDetailPageProps {
  instanceId: string;
  variant: DetailVariant;
  readId?: string;
}

/** A flow's detail: header, form, trace, and the actions the server allows this user. */
export function InstanceDetailPage({ instanceId, variant, readId }: InstanceDetailPageProps) {
  const navigate = useNavigate();
  const withdraw = useWithdraw(instanceId);
  const urge = useUrge(instanceId);
  const markRead = useMarkFlowRead();
  const offline = useIsOffline();
  const siteConfig = useSiteConfig();
  const { data, isPending, refetch } = useQuery(instanceQueryOptions(instanceId));
  const marked = useRef(false);
  // an official document's own name is the page title (spec §2)
  usePageTitleOverride(data?.definition.isDocument ? data.title : null);

  useEffect(() => {
    const id = readId ?? data?.myReadId;
    if (variant !== 'unread' || !id || !data || marked.current) return;
    marked.current = true;
    markRead.mutate({ readId: id, instanceId, title: data.title });
  }, [variant, readId, data, instanceId, markRead]);

  if (isPending) return offline ? <EmptyState kind="offline" /> : <p className="flow-loading">加载中...</p>;
  if (!data) return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />;

  const handleWithdraw = async () => {
    if (await dialog.confirm({ content: '确定撤回该申请吗？' })) withdraw.mutate();
  };
  const handleUrge = () => {
    const channels = mobileTipChannels(siteConfig);
    urge.mutate(channels.length ? channels : ['app']);
  };
  const { abilities } = data;

  return (
    <div className="follow-page flow-detail">
      <header className="flow-detail-header">
        <h2 className="flow-detail-title">{data.title}</h2>
        <span className={`flow-status flow-status-${data.status}`}>{INSTANCE_STATUS_TEXT[data.status]}</span>
        <dl className="flow-detail-facts">
          <div><dt>编号</dt><dd>{data.serial}</dd></div>
          <div><dt>发起人</dt><dd>{data.initiator.realName}（{data.initiator.orgName}）</dd></div>
          <div><dt>发起时间</dt><dd>{formatDate(data.createdAt, 'yyyy-MM-dd HH:mm')}</dd></div>
          {data.currentNodeNames.length > 0 && <div><dt>当前节点</dt><dd>{data.currentNodeNames.join('、')}（{data.currentHandlers.join('、')}）</dd></div>}
        </dl>
      </header>
      <section className="flow-card" aria-label="表单">
        <h3 className="flow-card-title">{data.definition.name}</h3>
        <FlowForm schema={data.formSchema} values={data.formData} editable={[]} />
      </section>
      <section className="flow-card" aria-label="流转记录">
        <h3 className="flow-card-title">流转记录</h3>
        <TraceTimeline trace={data.trace} />
      </section>
      <footer className="flow-actions">
        {data.myTaskId && abilities.approve && (
          <button type="button" className="flow-button flow-button-primary" onClick={() => void navigate({ to: '/follow/dealWith', search: { instanceId, taskId: data.myTaskId! } })}>
            {abilities.reject ? '办理' : '重新提交'}
          </button>
        )}
        {abilities.editDraft && (
          <button type="button" className="flow-button flow-button-primary" onClick={() => void navigate({ to: '/follow/followList', search: { definitionId: data.definition.id, draftId: data.id } })}>
            继续编辑
          </button>
        )}
        {abilities.withdraw && <button type="button" className="flow-button" disabled={withdraw.isPending} onClick={() => void handleWithdraw()}>撤回</button>}
        {abilities.urge && <button type="button" className="flow-button" disabled={urge.isPending} onClick={handleUrge}>催办</button>}
      </footer>
    </div>
  );
}

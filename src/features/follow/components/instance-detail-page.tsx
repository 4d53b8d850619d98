import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { INSTANCE_STATUS_TEXT } from '@contract/flow';
import { dialog } from '@/ui/feedback';
import { EmptyState } from '@/components/empty-state';
import { usePageTitleOverride } from '@/lib/page-title';
import { formatDate } from '@/lib/format';
import { useIsOffline } from '@/offline/online-status';
import { instanceQueryOptions } from '../api/get-instance';
import { useMarkFlowRead } from '../api/mark-flow-read';
import { useUrge } from '../api/urge-instance';
import { useWithdraw } from '../api/withdraw-instance';
import { useRemoveSigner } from '../api/remove-signer';
import { useAddCopy, useCopyAgain } from '../api/copy-instance';
import { OrgUserSelector } from '@/components/org-user-selector';
import { FlowForm } from '@/components/form-renderer/flow-form';
import { TraceTimeline } from './trace-timeline';
import { CommentBox } from './comment-box';
import { UrgeReport, UrgeSheet } from './urge-sheet';
import { dealLabel, offeredActions, type DealAction } from '../deal-actions';
import './follow-base.css';
import './instance-detail-page.css';

export type DetailVariant = 'wait' | 'unread' | 'start' | 'view';

interface InstanceDetailPageProps {
  instanceId: string;
  variant: DetailVariant;
  readId?: string;
  /** opens 办理 somewhere else than the phone route (the tablet's right pane) */
  onDeal?: (action: DealAction, taskId: string) => void;
}

/** A flow's detail: header, form, trace, and the actions the server allows this user. */
export function InstanceDetailPage({ instanceId, variant, readId, onDeal }: InstanceDetailPageProps) {
  const navigate = useNavigate();
  const withdraw = useWithdraw(instanceId);
  const urge = useUrge(instanceId);
  const removeSigner = useRemoveSigner(instanceId);
  const addCopy = useAddCopy(instanceId);
  const copyAgain = useCopyAgain(instanceId);
  const [copyPickerOpen, setCopyPickerOpen] = useState(false);
  const [urgeOpen, setUrgeOpen] = useState(false);
  // the reminder the last 催办 recorded: its sender is shown how each channel went
  const [urgedMessageId, setUrgedMessageId] = useState<string | null>(null);
  const markRead = useMarkFlowRead();
  const offline = useIsOffline();
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
  const sendUrge = (channels: string[], allAtOnce: boolean) =>
    urge.mutate(
      { channels, allAtOnce },
      {
        onSuccess: (answer) => {
          setUrgeOpen(false);
          if (answer?.messageId) setUrgedMessageId(answer.messageId);
        },
      },
    );
  const { abilities } = data;
  const handleRemoveSigner = async (signer: { taskId: string; realName: string }) => {
    if (await dialog.confirm({ content: `确定移除加签人员${signer.realName}吗？` })) removeSigner.mutate(signer.taskId);
  };

  return (
    <div className="follow-page flow-detail">
      <header className="flow-detail-header">
        <h2 className="flow-detail-title">{data.title}</h2>
        <span className={`flow-status flow-status-${data.status}`}>{INSTANCE_STATUS_TEXT[data.status]}</span>
        <dl className="flow-detail-facts">
          <div>
            <dt>编号</dt>
            <dd>{data.serial}</dd>
          </div>
          <div>
            <dt>发起人</dt>
            <dd>
              {data.initiator.realName}（{data.initiator.orgName}）
            </dd>
          </div>
          <div>
            <dt>发起时间</dt>
            <dd>{formatDate(data.createdAt, 'yyyy-MM-dd HH:mm')}</dd>
          </div>
          {data.currentNodeNames.length > 0 && (
            <div>
              <dt>当前节点</dt>
              <dd>
                {data.currentNodeNames.join('、')}（{data.currentHandlers.join('、')}）
              </dd>
            </div>
          )}
        </dl>
      </header>
      {urgedMessageId && <UrgeReport messageId={urgedMessageId} />}
      <section className="flow-card" aria-label="表单">
        <h3 className="flow-card-title">{data.definition.name}</h3>
        <FlowForm schema={data.formSchema} values={data.formData} editable={[]} />
      </section>
      {(abilities.removableSigners?.length ?? 0) > 0 && (
        // the one who asked for 加签 waits for these people and may take any of them off before they act
        <section className="flow-card" aria-label="我的加签人员">
          <h3 className="flow-card-title">我的加签人员（待审批）</h3>
          <ul className="flow-signers">
            {abilities.removableSigners!.map((signer) => (
              <li key={signer.taskId}>
                <span>{signer.realName}</span>
                <button
                  type="button"
                  className="flow-button"
                  disabled={removeSigner.isPending}
                  aria-label={`移除${signer.realName}`}
                  onClick={() => void handleRemoveSigner(signer)}
                >
                  移除
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="flow-card" aria-label="流转记录">
        <h3 className="flow-card-title">流转记录</h3>
        <TraceTimeline
          trace={data.trace}
          current={{ nodeNames: data.currentNodeNames, handlers: data.currentHandlers }}
          ahead={data.routeAhead}
          outcome={data.outcome}
        />
      </section>
      {data.status !== 'draft' && <CommentBox instanceId={instanceId} title={data.title} />}
      <footer className="flow-actions">
        {data.myTaskId &&
          // each allowed action is its own button here; the 办理 page opens with it chosen
          offeredActions(abilities).map((action, i) => (
            <button
              key={action}
              type="button"
              className={i === 0 ? 'flow-button flow-button-primary' : 'flow-button'}
              onClick={() =>
                onDeal
                  ? onDeal(action, data.myTaskId!)
                  : void navigate({ to: '/follow/dealWith', search: { instanceId, taskId: data.myTaskId!, action } })
              }
            >
              {dealLabel(action, abilities)}
            </button>
          ))}
        {abilities.editDraft && (
          <button
            type="button"
            className="flow-button flow-button-primary"
            onClick={() =>
              void navigate({
                to: '/follow/followList',
                search: { definitionId: data.definition.id, draftId: data.id },
              })
            }
          >
            继续编辑
          </button>
        )}
        {abilities.withdraw && (
          <button
            type="button"
            className="flow-button"
            disabled={withdraw.isPending}
            onClick={() => void handleWithdraw()}
          >
            撤回
          </button>
        )}
        {abilities.urge && (
          <button type="button" className="flow-button" disabled={urge.isPending} onClick={() => setUrgeOpen(true)}>
            催办
          </button>
        )}
        {abilities.copyAgain && (
          <button
            type="button"
            className="flow-button flow-button-primary"
            disabled={copyAgain.isPending}
            onClick={() => copyAgain.mutate()}
          >
            再次提交
          </button>
        )}
        {abilities.addCopy && (
          <button
            type="button"
            className="flow-button"
            disabled={addCopy.isPending}
            onClick={() => setCopyPickerOpen(true)}
          >
            抄送
          </button>
        )}
        {abilities.urge && (
          <UrgeSheet visible={urgeOpen} sending={urge.isPending} onClose={() => setUrgeOpen(false)} onSend={sendUrge} />
        )}
        {abilities.addCopy && (
          <OrgUserSelector
            visible={copyPickerOpen}
            multiple
            title="选择抄送人员"
            onClose={() => setCopyPickerOpen(false)}
            onConfirm={(users) => {
              setCopyPickerOpen(false);
              if (users.length > 0) addCopy.mutate({ userIds: users.map((u) => u.id) });
            }}
          />
        )}
      </footer>
    </div>
  );
}

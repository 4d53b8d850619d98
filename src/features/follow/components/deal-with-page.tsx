import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReminderChannel, SelectorNode } from '@contract/upms';
import { formProblem } from '@contract/flow-form-rules';
import { dialog, toast } from '@/ui/feedback';
import { EmptyState } from '@/components/empty-state';
import { OrgUserSelector } from '@/components/org-user-selector';
import { ReminderSelector } from '@/components/reminder-selector';
import { instanceQueryOptions } from '../api/get-instance';
import { useAddSigner, useApprove, useReject, useReturn, useTransfer } from '../api/act-on-task';
import { ChoiceSegments } from './choice-segments';
import {
  ADD_KIND_LABEL,
  DEAL_LABEL,
  GROUP_SIGN_LABEL,
  OPINION_PHRASES,
  dealLabel,
  dealProblem,
  isResubmit,
  offeredActions,
  opinionRequired,
  type DealAction,
} from '../deal-actions';
import { FlowForm, fieldOfProblem } from '@/components/form-renderer/flow-form';
import { AttachmentField } from '@/components/form-renderer/field-input';
import type { UploadedFile } from '@contract/files';
import { useOpinionPhrases } from '@/api/preferences';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';
import { SignatureNote, NO_SIGNATURE } from './deal-with-page-signature';
import { ChoiceField } from '@/components/form-renderer/choice-field';
import './follow-base.css';
import './deal-with-page.css';

const SIGNED: DealAction[] = ['approve', 'reject', 'return'];
/** the actions that give someone a task: they ask how that person is reminded */
const REMINDS: DealAction[] = ['approve', 'transfer', 'add-signer'];

interface DealWithPageProps {
  instanceId: string;
  taskId: string;
  /** the action chosen on the detail page (同意 / 驳回 …), preselected here */
  initialAction?: DealAction;
  /** after a successful action, instead of going to 待办 (the tablet's right pane picks the next item) */
  onDone?: () => void;
}

/** 办理: the actions the server allows on this task, an opinion, pickers where the action needs people or a node. */
export function DealWithPage({ instanceId, taskId, initialAction, onDone }: DealWithPageProps) {
  const navigate = useNavigate();
  const { data, isPending, refetch } = useQuery(instanceQueryOptions(instanceId));
  const [action, setAction] = useState<DealAction>(initialAction ?? 'approve');
  const [opinion, setOpinion] = useState('');
  const [targetNodeId, setTargetNodeId] = useState('');
  const [people, setPeople] = useState<SelectorNode[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [nextHandlers, setNextHandlers] = useState<SelectorNode[]>([]);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [nextPickerOpen, setNextPickerOpen] = useState(false);
  const [channels, setChannels] = useState<string[]>([]);
  const [formData, setFormData] = useState<Record<string, unknown> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [addKind, setAddKind] = useState<keyof typeof ADD_KIND_LABEL>('before');
  const [groupSign, setGroupSign] = useState<keyof typeof GROUP_SIGN_LABEL>('all');
  const myPhrases = useOpinionPhrases();
  const signImg = useStore(userStore, (s) => s.user?.signImg ?? null);
  const deals = {
    approve: useApprove(),
    reject: useReject(),
    return: useReturn(),
    transfer: useTransfer(),
    'add-signer': useAddSigner(),
  };
  const sending = Object.values(deals).some((m) => m.isPending);

  if (isPending) return <p className="flow-loading">加载中...</p>;
  if (!data) return <EmptyState kind="error" onRetry={() => void refetch()} />;
  const { abilities } = data;
  if (data.myTaskId !== taskId) return <EmptyState kind="noperm" tip="该待办已处理或您不是当前处理人" />;

  const atStart = isResubmit(abilities);
  const offered = offeredActions(abilities);
  const values = formData ?? data.formData;
  const opinionNeeded = opinionRequired(action, abilities);

  const needsNext = action === 'approve' && Boolean(abilities.nextChosenNode);
  // a decision on a node that asks for a signature carries the user's one from 我的 (the server refuses without it)
  const signs = Boolean(abilities.needSign) && SIGNED.includes(action);
  // the user's own phrases (edited in 我的) first, then this action's ready answers
  const phrases = [...new Set([...myPhrases, ...(action === 'approve' ? [] : OPINION_PHRASES[action])])];
  const check = (): string | null =>
    (signs && !signImg ? NO_SIGNATURE : null) ??
    (needsNext && nextHandlers.length === 0 ? '请选择下一步处理人' : null) ??
    dealProblem({ action, opinion, targetNodeId, peopleIds: people.map((p) => p.id) }, abilities) ??
    (formData && action === 'approve' ? formProblem(data.formSchema, values) : null);

  const handleSubmit = async () => {
    const found = check();
    setProblem(found);
    if (found) return toast.fail(found);
    const label = dealLabel(action, abilities);
    if (!(await dialog.confirm({ content: `确定${label}吗？` }))) return;
    const base = { opinion: opinion.trim() };
    const attachments = files.map((f) => ({ fileName: f.fileName, attachName: f.attachName }));
    const vars = { taskId, instanceId, title: data.title, successText: `${label}成功` };
    // each hook shows the outcome (success, queued, or the server's refusal); the form stays as it is on a refusal
    const done = { onSuccess: () => (onDone ? onDone() : void navigate({ to: '/follow/waitList', replace: true })) };
    if (action === 'approve')
      deals.approve.mutate(
        {
          ...vars,
          body: {
            ...base,
            attachments,
            chosenAssignees: nextHandlers.map((u) => u.id),
            channels: channels as ReminderChannel[],
            ...(formData ? { formData } : {}),
          },
        },
        done,
      );
    else if (action === 'return') deals.return.mutate({ ...vars, body: { ...base, attachments, targetNodeId } }, done);
    else if (action === 'transfer')
      deals.transfer.mutate(
        { ...vars, body: { ...base, toUserId: people[0]!.id, channels: channels as ReminderChannel[] } },
        done,
      );
    else if (action === 'add-signer')
      deals['add-signer'].mutate(
        {
          ...vars,
          body: {
            ...base,
            userIds: people.map((p) => p.id),
            kind: addKind,
            signMode: groupSign,
            channels: channels as ReminderChannel[],
          },
        },
        done,
      );
    else deals.reject.mutate({ ...vars, body: { ...base, attachments } }, done);
  };

  return (
    <div className="follow-page flow-deal">
      <h2 className="flow-detail-title">{data.title}</h2>
      {!atStart && (
        <div className="flow-segments" role="radiogroup" aria-label="办理方式">
          {offered.map((a) => (
            <button
              key={a}
              type="button"
              role="radio"
              aria-checked={action === a}
              className={action === a ? 'flow-segment flow-segment-on' : 'flow-segment'}
              onClick={() => {
                setAction(a);
                setPeople([]);
              }}
            >
              {DEAL_LABEL[a]}
            </button>
          ))}
        </div>
      )}
      {!(abilities.editableFields.length > 0 && action === 'approve') && (
        // the approver decides on the request itself, so it is shown above the opinion, not one page back
        <section className="flow-card" aria-label="申请内容">
          <h3 className="flow-card-title">{data.definition.name}</h3>
          <FlowForm schema={data.formSchema} values={data.formData} editable={[]} />
        </section>
      )}
      {abilities.editableFields.length > 0 && action === 'approve' && (
        <section className="flow-card" aria-label="表单">
          <FlowForm
            schema={data.formSchema}
            values={values}
            editable={abilities.editableFields}
            problemField={fieldOfProblem(data.formSchema, problem)}
            onChange={(key, v) => setFormData((prev) => ({ ...(prev ?? data.formData), [key]: v }))}
          />
        </section>
      )}
      {action === 'return' && (
        <div className="flow-field">
          <label className="flow-field-label" htmlFor="deal-return-target">
            退回至<span className="flow-required">*</span>
          </label>
          <ChoiceField
            id="deal-return-target"
            field={{
              key: 'returnTarget',
              label: '退回节点',
              type: 'select',
              options: abilities.returnTargets.map((t) => ({ label: t.nodeName, value: t.nodeId })),
            }}
            value={targetNodeId}
            onChange={setTargetNodeId}
          />
        </div>
      )}
      {(action === 'transfer' || action === 'add-signer') && (
        <div className="flow-field">
          <span className="flow-field-label">
            {action === 'transfer' ? '转办给' : '加签人员'}
            <span className="flow-required">*</span>
          </span>
          <button type="button" className="flow-input flow-picker" onClick={() => setPickerOpen(true)}>
            {people.length ? people.map((p) => p.realName).join('、') : '请选择人员'}
          </button>
          <OrgUserSelector
            visible={pickerOpen}
            multiple={action === 'add-signer'}
            onClose={() => setPickerOpen(false)}
            onConfirm={(users) => {
              setPeople(users);
              setPickerOpen(false);
            }}
          />
        </div>
      )}
      {action === 'add-signer' && (
        <>
          <ChoiceSegments label="加签方式" options={ADD_KIND_LABEL} value={addKind} onChange={setAddKind} />
          <ChoiceSegments
            label="加签人员审批方式"
            options={GROUP_SIGN_LABEL}
            value={groupSign}
            onChange={setGroupSign}
          />
        </>
      )}
      {needsNext && (
        <div className="flow-field">
          <span className="flow-field-label">
            下一步处理人（{abilities.nextChosenNode}）<span className="flow-required">*</span>
          </span>
          <button type="button" className="flow-input flow-picker" onClick={() => setNextPickerOpen(true)}>
            {nextHandlers.length ? nextHandlers.map((p) => p.realName).join('、') : '请选择下一步处理人'}
          </button>
          <OrgUserSelector
            visible={nextPickerOpen}
            title="选择下一步处理人"
            onClose={() => setNextPickerOpen(false)}
            onConfirm={(users) => {
              setNextHandlers(users);
              setNextPickerOpen(false);
            }}
          />
        </div>
      )}
      <label className="flow-field">
        <span className="flow-field-label">审批意见{opinionNeeded && <span className="flow-required">*</span>}</span>
        <textarea
          className="flow-input flow-textarea"
          rows={4}
          maxLength={2000}
          placeholder="请输入审批意见"
          value={opinion}
          onChange={(e) => setOpinion(e.target.value)}
        />
      </label>
      <div className="flow-phrases" role="group" aria-label="常用意见">
        {phrases.map((phrase) => (
          <button
            key={phrase}
            type="button"
            className={opinion === phrase ? 'flow-segment flow-segment-on' : 'flow-segment'}
            onClick={() => setOpinion(phrase)}
          >
            {phrase}
          </button>
        ))}
      </div>
      {(action === 'approve' || action === 'reject' || action === 'return') && (
        <div className="flow-field">
          <span className="flow-field-label">附件</span>
          <AttachmentField id="deal-attachments" value={files} onChange={(v) => setFiles(v as UploadedFile[])} />
        </div>
      )}
      {signs && <SignatureNote signImg={signImg} />}
      {REMINDS.includes(action) && <ReminderSelector value={channels} onChange={setChannels} />}
      <footer className="flow-actions">
        <button
          type="button"
          className="flow-button flow-button-primary"
          disabled={sending}
          onClick={() => void handleSubmit()}
        >
          {sending ? '提交中...' : '确定'}
        </button>
      </footer>
    </div>
  );
}

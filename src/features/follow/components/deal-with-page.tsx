import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReminderChannel, SelectorNode } from '@contract/upms';
import { formProblem } from '@contract/flow-form-rules';
import { dialog } from '@/ui/feedback';
import { AppForm, byItem, checkRule } from '@/components/app-form';
import { EmptyState } from '@/components/empty-state';
import { ReminderSelector } from '@/components/reminder-selector';
import { instanceQueryOptions } from '../api/get-instance';
import { useAddSigner, useApprove, useDelegate, useReject, useReply, useReturn, useTransfer } from '../api/act-on-task';
import { ChoiceSegments } from './choice-segments';
import {
  ADD_KIND_LABEL,
  GROUP_SIGN_LABEL,
  OPINION_PHRASES,
  PEOPLE_LABEL,
  REMINDS,
  dealChecks,
  dealLabel,
  isResubmit,
  offeredActions,
  opinionRequired,
  type DealAction,
} from '../deal-actions';
import { FlowForm, fieldOfProblem } from '@/components/form-renderer/flow-form';
import { FlowFormField } from '@/components/form-renderer/flow-form-field';
import { AttachmentField } from '@/components/form-renderer/field-input';
import type { UploadedFile } from '@contract/files';
import { useOpinionPhrases } from '@/api/preferences';
import { useStore } from '@/lib/store';
import { usePageTitleOverride } from '@/lib/page-title';
import { userStore } from '@/session/user-store';
import { SignatureNote, NO_SIGNATURE } from './deal-with-page-signature';
import { ReturnTargetField } from './deal-return-target';
import { ActionSegments, OpinionPhrases, PeopleField, PeoplePicker } from './deal-with-fields';
import './follow-base.css';
import './deal-with-page.css';

const { Item } = AppForm;
const SIGNED: DealAction[] = ['approve', 'reject', 'return'];

interface DealWithPageProps {
  instanceId: string;
  taskId: string;
  /** the action chosen on the detail page (同意 / 驳回 …), preselected here */
  initialAction?: DealAction;
  /** after a successful action, instead of going to 待办 (the tablet's right pane picks the next item) */
  onDone?: () => void;
}

interface DealValues {
  action: DealAction;
  opinion: string;
  targetNodeId: string;
  people: SelectorNode[];
  nextHandlers: SelectorNode[];
  files: UploadedFile[];
  channels: string[];
  formData: Record<string, unknown>;
  addKind: keyof typeof ADD_KIND_LABEL;
  groupSign: keyof typeof GROUP_SIGN_LABEL;
}
// the problems are told in this order (a missing signature first), whatever the fields' order on the page
const PROBLEM_ORDER = ['action', 'nextHandlers', 'opinion', 'targetNodeId', 'people', 'formData'];

/** 办理: the actions the server allows on this task, an opinion, pickers where the action needs people or a node. */
export function DealWithPage({ instanceId, taskId, initialAction, onDone }: DealWithPageProps) {
  const navigate = useNavigate();
  const { data, isPending, refetch } = useQuery(instanceQueryOptions(instanceId));
  const [form] = AppForm.useForm<DealValues>();
  const action: DealAction = AppForm.useWatch('action', form) ?? initialAction ?? 'approve';
  const opinion: string = AppForm.useWatch('opinion', form) ?? '';
  const [problem, setProblem] = useState<string | null>(null);
  const myPhrases = useOpinionPhrases();
  const signImg = useStore(userStore, (s) => s.user?.signImg ?? null);
  const deals = {
    approve: useApprove(),
    reject: useReject(),
    return: useReturn(),
    transfer: useTransfer(),
    'add-signer': useAddSigner(),
    delegate: useDelegate(),
    reply: useReply(),
  };
  const sending = Object.values(deals).some((m) => m.isPending);
  // the route is named 办理, an approver's word; the applicant at the start node resubmits their own request
  usePageTitleOverride(data && isResubmit(data.abilities) ? '重新提交' : null);

  if (isPending) return <p className="flow-loading">加载中...</p>;
  if (!data) return <EmptyState kind="error" onRetry={() => void refetch()} />;
  const { abilities } = data;
  if (data.myTaskId !== taskId) return <EmptyState kind="noperm" tip="该待办已处理或您不是当前处理人" />;

  const atStart = isResubmit(abilities);
  const offered = offeredActions(abilities);
  const opinionNeeded = opinionRequired(action, abilities);
  const needsNext = action === 'approve' && Boolean(abilities.nextChosenNode);
  // a decision on a node that asks for a signature carries the user's one from 我的 (the server refuses without it)
  const signs = Boolean(abilities.needSign) && SIGNED.includes(action);
  // the user's own phrases (edited in 我的) first, then this action's ready answers
  // (none on the applicant's 重新提交: they are an approver's words)
  const phrases = atStart ? [] : [...new Set([...myPhrases, ...(action === 'approve' ? [] : OPINION_PHRASES[action])])];
  const editsForm = abilities.editableFields.length > 0 && action === 'approve';
  const values = () => form.getFieldsValue(true) as DealValues;
  // each field's rule is its part of the deal's checks (deal-actions.ts), on the values as they are now
  const dealRule = (check: (typeof dealChecks)[keyof typeof dealChecks]) =>
    checkRule(() => {
      const v = values();
      return check({ ...v, peopleIds: v.people.map((p) => p.id) }, abilities);
    });

  const handleSubmit = async (v: DealValues) => {
    setProblem(null);
    const label = dealLabel(v.action, abilities);
    if (!(await dialog.confirm({ content: `确定${label}吗？` }))) return;
    const base = { opinion: v.opinion.trim() };
    const attachments = v.files.map((f) => ({ fileName: f.fileName, attachName: f.attachName }));
    const peopleNames = v.people.map((p) => p.realName);
    const vars = { taskId, instanceId, title: data.title, successText: `${label}成功`, peopleNames };
    const channels = v.channels as ReminderChannel[];
    // each hook shows the outcome (success, queued, or the server's refusal); the form stays as it is on a refusal
    const done = { onSuccess: () => (onDone ? onDone() : void navigate({ to: '/follow/waitList', replace: true })) };
    if (v.action === 'approve')
      deals.approve.mutate(
        {
          ...vars,
          body: {
            ...base,
            attachments,
            chosenAssignees: v.nextHandlers.map((u) => u.id),
            channels,
            // only a form the approver changed goes with the approval
            ...(form.isFieldTouched('formData') ? { formData: v.formData } : {}),
          },
        },
        done,
      );
    else if (v.action === 'return')
      deals.return.mutate({ ...vars, body: { ...base, attachments, targetNodeId: v.targetNodeId } }, done);
    else if (v.action === 'transfer')
      deals.transfer.mutate({ ...vars, body: { ...base, toUserId: v.people[0]!.id, channels } }, done);
    else if (v.action === 'delegate')
      deals.delegate.mutate({ ...vars, body: { ...base, userId: v.people[0]!.id, channels } }, done);
    else if (v.action === 'reply') deals.reply.mutate({ ...vars, body: base }, done);
    else if (v.action === 'add-signer')
      deals['add-signer'].mutate(
        {
          ...vars,
          body: {
            ...base,
            userIds: v.people.map((p) => p.id),
            kind: v.addKind,
            signMode: v.groupSign,
            channels,
          },
        },
        done,
      );
    else deals.reject.mutate({ ...vars, body: { ...base, attachments } }, done);
  };

  return (
    <AppForm
      form={form}
      name="deal"
      className="follow-page flow-deal"
      initialValues={{
        action,
        opinion: '',
        // one node to return to (the applicant) needs no picking
        targetNodeId: abilities.returnTargets.length === 1 ? abilities.returnTargets[0]!.nodeId : '',
        people: [],
        nextHandlers: [],
        files: [],
        channels: [],
        formData: data.formData,
        addKind: 'before',
        groupSign: 'all',
      }}
      problemOrder={PROBLEM_ORDER}
      onProblem={setProblem}
      // another action asks for other people
      onValuesChange={(changed: Partial<DealValues>) => 'action' in changed && form.setFieldValue('people', [])}
      onFinish={() => void handleSubmit(values())}
    >
      <h2 className="flow-detail-title">{data.title}</h2>
      <Item
        name="action"
        noStyle
        rules={[checkRule(() => (signs && !signImg ? NO_SIGNATURE : null)), dealRule(dealChecks.action)]}
      >
        <ActionSegments offered={offered} hidden={atStart} />
      </Item>
      {!editsForm && (
        // the approver decides on the request itself, so it is shown above the opinion, not one page back
        <section className="flow-card" aria-label="申请内容">
          <h3 className="flow-card-title">{data.definition.name}</h3>
          <FlowForm schema={data.formSchema} values={data.formData} editable={[]} />
        </section>
      )}
      {editsForm && (
        <section className="flow-card" aria-label="表单">
          <Item
            name="formData"
            noStyle
            rules={[
              checkRule((formData: Record<string, unknown>) =>
                form.isFieldTouched('formData') ? formProblem(data.formSchema, formData) : null,
              ),
            ]}
          >
            <FlowFormField
              schema={data.formSchema}
              editable={abilities.editableFields}
              problemField={fieldOfProblem(data.formSchema, problem)}
            />
          </Item>
        </section>
      )}
      {action === 'return' && (
        <ReturnTargetField targets={abilities.returnTargets} rule={dealRule(dealChecks.targetNodeId)} />
      )}
      {action in PEOPLE_LABEL && (
        <PeopleField action={action as keyof typeof PEOPLE_LABEL} rule={dealRule(dealChecks.people)} />
      )}
      {action === 'add-signer' && (
        <>
          <Item name="addKind" noStyle>
            <ChoiceSegments label="加签方式" options={ADD_KIND_LABEL} {...byItem} />
          </Item>
          <Item name="groupSign" noStyle>
            <ChoiceSegments label="加签人员审批方式" options={GROUP_SIGN_LABEL} {...byItem} />
          </Item>
        </>
      )}
      {needsNext && (
        <div className="flow-field">
          <span className="flow-field-label">
            下一步处理人（{abilities.nextChosenNode}）<span className="flow-required">*</span>
          </span>
          <Item
            name="nextHandlers"
            noStyle
            rules={[checkRule((users: SelectorNode[]) => (users.length ? null : '请选择下一步处理人'))]}
          >
            <PeoplePicker placeholder="请选择下一步处理人" title="选择下一步处理人" />
          </Item>
        </div>
      )}
      <label className="flow-field">
        <span className="flow-field-label">审批意见{opinionNeeded && <span className="flow-required">*</span>}</span>
        <Item name="opinion" noStyle rules={[dealRule(dealChecks.opinion)]}>
          <textarea className="flow-input flow-textarea" rows={4} maxLength={2000} placeholder="请输入审批意见" />
        </Item>
      </label>
      {phrases.length > 0 && (
        <OpinionPhrases phrases={phrases} value={opinion} onChange={(p) => form.setFieldValue('opinion', p)} />
      )}
      {(action === 'approve' || action === 'reject' || action === 'return') && (
        <div className="flow-field">
          <span className="flow-field-label">附件</span>
          <Item name="files" noStyle>
            <AttachmentField id="deal-attachments" {...byItem} />
          </Item>
        </div>
      )}
      {signs && <SignatureNote signImg={signImg} />}
      {REMINDS.includes(action) && (
        <Item name="channels" noStyle>
          <ReminderSelector {...byItem} />
        </Item>
      )}
      <footer className="flow-actions">
        <button
          type="button"
          className="flow-button flow-button-primary"
          disabled={sending}
          onClick={() => form.submit()}
        >
          {sending ? '提交中...' : '确定'}
        </button>
      </footer>
    </AppForm>
  );
}

import { useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReminderChannel, SelectorNode } from '@contract/upms';
import { formProblem } from '@contract/flow-form-rules';
import { toast } from '@/ui/feedback';
import { EmptyState } from '@/components/empty-state';
import { OrgUserSelector } from '@/components/org-user-selector';
import { ReminderSelector } from '@/components/reminder-selector';
import { newIdempotencyKey } from '@/offline/outbox';
import { definitionQueryOptions } from '../api/get-definitions';
import { useStartFlow } from '../api/start-flow';
import { useStartDraft } from './use-start-draft';
import { describeValues, useQueuedStart } from './use-queued-start';
import { FlowForm, fieldOfProblem } from '@/components/form-renderer/flow-form';
import { StartChain } from './start-chain';
import { LeaveBalanceNote } from './leave-balance-note';
import { StartCcPicker } from './start-cc-picker';
import './follow-base.css';

/**
 * The form of one flow, generated from its schema: save as draft or submit (choosing the first handler if asked).
 * `prefill` (from an AI助手 link) fills fields of this schema; the user checks and submits it.
 */
export function StartFormPage({
  definitionId,
  draftId,
  prefill,
  onStarted,
}: {
  definitionId: string;
  draftId?: string;
  prefill?: Record<string, unknown>;
  /** instead of the phone detail route */ onStarted?: (instanceId: string) => void;
}) {
  const navigate = useNavigate();
  const start = useStartFlow();
  const { data, isPending, refetch } = useQuery(definitionQueryOptions(definitionId));
  const [values, setValues] = useState<Record<string, unknown>>({});
  const keeper = useStartDraft(definitionId, draftId, (id) => ({
    definitionId,
    ...(id ? { draftId: id } : {}),
    formData: values,
    draft: true,
    attachments: [],
  }));
  const draft = keeper.draftQuery;
  const [prefilled, setPrefilled] = useState(false);
  // a draft opens with what was saved; once, so later edits are not overwritten by a refetch
  if (keeper.opensSaved && draft.data && !keeper.draftLoading && !prefilled) {
    setPrefilled(true);
    setValues(draft.data.formData);
  }
  if (!draftId && prefill && data && !prefilled) {
    setPrefilled(true);
    setValues(Object.fromEntries(data.formSchema.filter((f) => f.key in prefill).map((f) => [f.key, prefill[f.key]])));
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [approvers, setApprovers] = useState<SelectorNode[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [channels, setChannels] = useState<string[]>([]);
  const [ccPeople, setCcPeople] = useState<SelectorNode[]>([]);
  // one key per filled-in form: a double tap, a retry after a lost answer or a replay starts the flow once
  const idempotencyKey = useRef(newIdempotencyKey());
  const queuedStart = useQueuedStart(definitionId, (kept, key) => {
    setPrefilled(true);
    setValues(kept);
    idempotencyKey.current = key ?? newIdempotencyKey();
  });
  const waiting = queuedStart.state.kind === 'waiting';

  if (isPending || (keeper.opensSaved && !prefilled && keeper.draftLoading))
    return <p className="flow-loading">加载中...</p>;
  if (!data) return <EmptyState kind="error" onRetry={() => void refetch()} />;

  const submit = (draft: boolean) => {
    const found = draft
      ? null
      : (formProblem(data.formSchema, values) ??
        (data.firstNodeChosen && approvers.length === 0 ? '请选择审批人' : null));
    setProblem(found);
    if (found) return toast.fail(found);
    const body = {
      definitionId,
      ...(keeper.draftId ? { draftId: keeper.draftId } : {}),
      formData: values,
      draft,
      chosenAssignees: approvers.map((a) => a.id),
      ccUserIds: data.applicantCc ? ccPeople.map((p) => p.id) : [],
      channels: channels as ReminderChannel[],
      attachments: [],
    };
    // the hook shows the outcome; on a refusal the form stays as it is
    // a draft saved by hand is newer input each time: it does not take the submit's key
    const key = draft ? newIdempotencyKey() : idempotencyKey.current;
    const typedText = draft ? undefined : describeValues(data.formSchema, values);
    start.mutate(
      { body, idempotencyKey: key, flowName: data.name, ...(typedText ? { typedText } : {}) },
      {
        onSuccess: (result) => {
          // offline: the form stays, saying it waits; its values are kept until the server has the request
          if (result.queued) {
            keeper.queued();
            queuedStart.queued(key, values);
            return;
          }
          if (!draft) queuedStart.sent();
          keeper.settled(result.data.id, draft);
          if (onStarted) onStarted(result.data.id);
          else void navigate({ to: '/followStartDetail', search: { instanceId: result.data.id }, replace: true });
        },
      },
    );
  };

  return (
    <div className="follow-page">
      <section className="flow-card" aria-label={data.name}>
        <h2 className="flow-card-title">{data.name}</h2>
        <FlowForm
          schema={data.formSchema}
          values={values}
          editable={data.formSchema.map((f) => f.key)}
          problemField={fieldOfProblem(data.formSchema, problem)}
          onChange={(key, v) => (setValues((prev) => ({ ...prev, [key]: v })), keeper.touch())}
        />
      </section>
      <LeaveBalanceNote schema={data.formSchema} values={values} />
      {data.firstNodeChosen && (
        <div className="flow-field">
          <span className="flow-field-label">
            审批人<span className="flow-required">*</span>
          </span>
          <button type="button" className="flow-input flow-picker" onClick={() => setPickerOpen(true)}>
            {approvers.length ? approvers.map((a) => a.realName).join('、') : '请选择审批人'}
          </button>
          <OrgUserSelector
            visible={pickerOpen}
            multiple={false}
            title="选择审批人"
            onClose={() => setPickerOpen(false)}
            onConfirm={(users) => {
              setApprovers(users);
              setPickerOpen(false);
            }}
          />
        </div>
      )}
      <StartChain
        definitionId={definitionId}
        values={values}
        firstNodeChosen={data.firstNodeChosen}
        chosenApprovers={approvers.map((a) => a.realName)}
      />
      {data.applicantCc && <StartCcPicker value={ccPeople} onChange={setCcPeople} />}
      <ReminderSelector value={channels} onChange={setChannels} />
      {waiting && (
        <p className="flow-queued-notice" role="status">
          此申请已保存在本机，联网后自动提交
        </p>
      )}
      {queuedStart.state.kind === 'refused' && (
        <p className="flow-queued-notice" role="alert">
          离线提交未成功：{queuedStart.state.reason}。请修改后重新提交
        </p>
      )}
      <footer className="flow-actions">
        <button type="button" className="flow-button" disabled={start.isPending} onClick={() => submit(true)}>
          保存草稿
        </button>
        <button
          type="button"
          className="flow-button flow-button-primary"
          disabled={start.isPending || waiting}
          onClick={() => submit(false)}
        >
          {start.isPending ? '提交中...' : waiting ? '等待联网' : '提交'}
        </button>
      </footer>
    </div>
  );
}

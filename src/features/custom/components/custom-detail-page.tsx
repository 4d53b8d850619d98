import { useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { CustomModelView, CustomRecordView } from '@contract/custom';
import { AppForm } from '@/components/app-form';
import { EmptyState } from '@/components/empty-state';
import { FlowForm, fieldOfProblem } from '@/components/form-renderer/flow-form';
import { FlowFormField, schemaRule } from '@/components/form-renderer/flow-form-field';
import { formatDate } from '@/lib/format-date';
import { newIdempotencyKey } from '@/offline/outbox';
import { dialog } from '@/ui/feedback';
import { modelQueryOptions, recordQueryOptions } from '../api/get-custom';
import { useDeleteRecord, useSaveRecord } from '../api/write-record';
import './custom.css';

/** A record: shown with its model's form, edited in place; without an id, a new record of the model. */
export function CustomDetailPage({ code, id }: { code: string; id?: string }) {
  const model = useQuery(modelQueryOptions(code));
  const record = useQuery({ ...recordQueryOptions(id ?? ''), enabled: Boolean(id) });
  if (model.isPending || (id && record.isPending)) return <p className="custom-loading">加载中...</p>;
  if (!model.data || (id && !record.data))
    return <EmptyState kind="error" onRetry={() => void (id ? record.refetch() : model.refetch())} />;
  // a record brings its model as it is now: that form is the one to show and edit
  if (id && record.data) return <RecordView key={`${record.data.id}:${record.data.version}`} record={record.data} />;
  return <RecordForm model={model.data} />;
}

function RecordView({ record }: { record: CustomRecordView }) {
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteRecord();
  if (editing) return <RecordForm model={record.model} record={record} onDone={() => setEditing(false)} />;
  const confirmDelete = async () => {
    if (!(await dialog.confirm({ content: `确定删除「${record.title}」吗？` }))) return;
    remove.mutate(
      { code: record.modelCode, id: record.id, title: record.title },
      {
        onSuccess: () => void navigate({ to: '/customModule/list', search: { code: record.modelCode }, replace: true }),
      },
    );
  };
  return (
    <div className="custom-page">
      <section className="custom-card" aria-label={record.title}>
        <h2 className="custom-card-title">{record.title}</h2>
        <p className="custom-card-meta">
          {record.model.name} · {record.creatorName ?? '外部提交'} · 更新于{' '}
          {formatDate(record.updatedAt, 'yyyy-MM-dd HH:mm')}
        </p>
        <FlowForm schema={record.model.fields} values={record.values} editable={[]} />
      </section>
      {(record.abilities.edit || record.abilities.delete) && (
        <footer className="custom-actions">
          {record.abilities.delete && (
            <button
              type="button"
              className="custom-button custom-button-danger"
              disabled={remove.isPending}
              onClick={() => void confirmDelete()}
            >
              删除
            </button>
          )}
          {record.abilities.edit && (
            <button type="button" className="custom-button custom-button-primary" onClick={() => setEditing(true)}>
              编辑
            </button>
          )}
        </footer>
      )}
    </div>
  );
}

function RecordForm({
  model,
  record,
  onDone,
}: {
  model: CustomModelView;
  record?: CustomRecordView;
  onDone?: () => void;
}) {
  const navigate = useNavigate();
  const save = useSaveRecord();
  const [form] = AppForm.useForm<{ values: Record<string, unknown> }>();
  const [problem, setProblem] = useState<string | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());

  // called once the schema's rules (the ones the server applies first) passed, so most mistakes are named before
  // anything is sent
  const submit = ({ values }: { values: Record<string, unknown> }) => {
    setProblem(null);
    const title = String(values[model.listColumns[0] ?? ''] ?? model.name);
    save.mutate(
      {
        code: model.code,
        id: record?.id,
        values,
        version: record?.version,
        title,
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: (result) => {
          if (record) return onDone?.();
          if (result.queued)
            return void navigate({ to: '/customModule/list', search: { code: model.code }, replace: true });
          void navigate({
            to: '/customModule/detail',
            search: { code: model.code, id: result.data.id },
            replace: true,
          });
        },
        onError: (error) => {
          setProblem(error instanceof Error ? error.message : null);
          // the server stores a refusal under its key: the corrected form is a new write with a key of its own
          idempotencyKey.current = newIdempotencyKey();
        },
      },
    );
  };

  return (
    <AppForm
      form={form}
      name="record"
      initialValues={{ values: record?.values ?? {} }}
      className="custom-page"
      onProblem={setProblem}
      onFinish={submit}
    >
      <section className="custom-card" aria-label={record ? `编辑${record.title}` : `新增${model.name}`}>
        <h2 className="custom-card-title">{record ? `编辑${model.name}` : `新增${model.name}`}</h2>
        <AppForm.Item name="values" noStyle rules={[schemaRule(model.fields)]}>
          <FlowFormField
            schema={model.fields}
            editable={model.fields.map((f) => f.key)}
            problemField={fieldOfProblem(model.fields, problem)}
          />
        </AppForm.Item>
      </section>
      <footer className="custom-actions">
        {record && (
          <button type="button" className="custom-button" onClick={onDone}>
            取消
          </button>
        )}
        {/* a button, not a submit: the return key in a field does not save, as before the form library */}
        <button
          type="button"
          className="custom-button custom-button-primary"
          disabled={save.isPending}
          onClick={() => form.submit()}
        >
          {save.isPending ? '保存中...' : '保存'}
        </button>
      </footer>
    </AppForm>
  );
}

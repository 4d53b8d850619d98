import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Selector } from 'antd-mobile';
import Switch from 'antd-mobile/es/components/switch';
import type { FlowProxyBody } from '@contract/flow-proxy';
import type { SelectorNode } from '@contract/upms';
import { AppForm, byItem, checkRule } from '@/components/app-form';
import { DateField, minuteText } from '@/components/date-field';
import { OrgUserSelector } from '@/components/org-user-selector';
import { proxyDefinitionsQueryOptions, useCreateProxy } from '../api/proxies';

interface Draft {
  /** whose approvals: empty means the user's own (a department head may pick one of their staff) */
  person: SelectorNode[];
  people: SelectorNode[];
  startAt: string;
  endAt: string;
  scope: 'all' | 'some';
  definitionIds: string[];
  includeWaiting: boolean;
}

/** One person, picked in the organisation selector and shown by name on the opener. */
function PersonPicker({
  label,
  empty,
  value = [],
  onChange,
}: {
  label: string;
  empty: string;
  value?: SelectorNode[];
  onChange?: (v: SelectorNode[]) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="my-proxy-input" aria-label={label} onClick={() => setOpen(true)}>
        {value.length ? value[0]!.realName : empty}
      </button>
      <OrgUserSelector
        visible={open}
        title={label}
        onClose={() => setOpen(false)}
        onConfirm={(users) => {
          onChange?.(users.slice(0, 1));
          setOpen(false);
        }}
      />
    </>
  );
}

// the wall-clock text of the pickers, read as the device's time (the server keeps the instant)
const instant = (text: string) => new Date(text.replace(' ', 'T')).toISOString();
const HOUR = 60 * 60 * 1000;

/** 新增代理: who stands in, from when to when, for which flows, and whether the waiting ones move too. */
export function ProxyForm({ onDone, away }: { onDone: () => void; away?: { from: string; to: string } }) {
  const [form] = AppForm.useForm<Draft>();
  const scope = AppForm.useWatch('scope', form);
  const definitions = useQuery(proxyDefinitionsQueryOptions());
  const create = useCreateProxy();
  const now = Date.now();
  const initial: Draft = {
    person: [],
    people: [],
    // the whole days away, from the first morning to the last evening
    startAt: away ? `${away.from} 00:00` : minuteText(new Date(now)),
    endAt: away ? `${away.to} 23:59` : minuteText(new Date(now + 24 * HOUR)),
    scope: 'all',
    definitionIds: [],
    includeWaiting: false,
  };
  const submit = (d: Draft) => {
    const body: FlowProxyBody = {
      ...(d.person.length ? { userId: d.person[0]!.id } : {}),
      proxyUserId: d.people[0]!.id,
      startAt: instant(d.startAt),
      endAt: instant(d.endAt),
      definitionIds: d.scope === 'some' ? d.definitionIds : [],
      includeWaiting: d.includeWaiting,
    };
    create.mutate(body, { onSuccess: onDone });
  };
  const field = (name: keyof Draft) => form.getFieldValue(name) as string;
  return (
    <AppForm
      form={form}
      name="proxy"
      initialValues={initial}
      className="my-proxy-form"
      onFinish={() => submit(form.getFieldsValue(true) as Draft)}
    >
      <h2 className="my-form-title">新增审批代理</h2>
      <div className="my-proxy-field">
        <span>被代理人</span>
        {/* a department head may set one for their staff; the server decides who may */}
        <AppForm.Item name="person" noStyle>
          <PersonPicker label="选择被代理人" empty="本人" />
        </AppForm.Item>
      </div>
      <div className="my-proxy-field">
        <span>代理人</span>
        <AppForm.Item
          name="people"
          noStyle
          rules={[checkRule((v: SelectorNode[]) => (v?.length ? null : '请选择代理人'))]}
        >
          <PersonPicker label="选择代理人" empty="选择代理人" />
        </AppForm.Item>
      </div>
      <div className="my-proxy-field">
        <span>开始时间</span>
        <AppForm.Item name="startAt" noStyle>
          <DateField className="my-proxy-input" label="开始时间" withTime {...byItem} />
        </AppForm.Item>
      </div>
      <div className="my-proxy-field">
        <span>结束时间</span>
        <AppForm.Item
          name="endAt"
          noStyle
          dependencies={['startAt']}
          rules={[checkRule((v: string) => (v > field('startAt') ? null : '结束时间须晚于开始时间'))]}
        >
          <DateField className="my-proxy-input" label="结束时间" withTime {...byItem} />
        </AppForm.Item>
      </div>
      <div className="my-proxy-field my-proxy-field-column">
        <span>代理范围</span>
        <AppForm.Item name="scope" noStyle>
          <ScopeSelector />
        </AppForm.Item>
      </div>
      {scope === 'some' && (
        <AppForm.Item
          name="definitionIds"
          noStyle
          rules={[checkRule((v: string[]) => (v?.length ? null : '请选择要代理的流程'))]}
        >
          <Selector
            aria-label="代理的流程"
            multiple
            columns={2}
            options={(definitions.data ?? []).map((d) => ({ label: d.name, value: d.id }))}
          />
        </AppForm.Item>
      )}
      <label className="my-proxy-field">
        <span>待办中已有的也交给代理人</span>
        <AppForm.Item name="includeWaiting" noStyle valuePropName="checked">
          <Switch aria-label="待办中已有的也交给代理人" />
        </AppForm.Item>
      </label>
      <Button block color="primary" type="submit" loading={create.isPending}>
        保存
      </Button>
    </AppForm>
  );
}

function ScopeSelector({ value, onChange }: { value?: 'all' | 'some'; onChange?: (v: 'all' | 'some') => void }) {
  return (
    <Selector
      aria-label="代理范围"
      value={value ? [value] : []}
      onChange={(v) => v[0] && onChange?.(v[0])}
      options={[
        { label: '全部流程', value: 'all' as const },
        { label: '指定流程', value: 'some' as const },
      ]}
    />
  );
}

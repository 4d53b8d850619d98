import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormField } from '@contract/flow';
import { readJson, writeJson } from '@/lib/local-keys';
import { toast } from '@/ui/feedback';
import { localDraftKey } from '@/components/drafts/use-local-draft';
import { watchOutbox } from '@/offline/outbox-config';
import { isWaiting, listOutbox } from '@/offline/outbox-list';

/** A 提交 queued from this device: its key (to find it in the outbox) and the values it carries. */
interface QueuedStart {
  key: string;
  values: Record<string, unknown>;
}

/** Where the device keeps a queued 提交 of each flow until the server applied it or it was dismissed. */
const queuedKey = (definitionId: string) => localDraftKey(`flow-start-queued.${definitionId}`);

/** What a queued 提交 became: still waiting, refused by the server (with its words), or nothing to say. */
export type QueuedState = { kind: 'none' } | { kind: 'waiting' } | { kind: 'refused'; reason: string };

/** The form's values in words (请假类型：年假；请假事由：体检), kept with the queued write for a refusal. */
export function describeValues(schema: FormField[], values: Record<string, unknown>): string {
  const words = (field: FormField, value: unknown): string => {
    if (Array.isArray(value)) return value.map((v) => words(field, v)).join(' 至 ');
    const option = field.options?.find((o) => o.value === value);
    return option ? option.label : String(value);
  };
  return schema
    .filter((f) => values[f.key] !== undefined && values[f.key] !== null && values[f.key] !== '')
    .filter((f) => !Array.isArray(values[f.key]) || (values[f.key] as unknown[]).length > 0)
    .map((f) => `${f.label}：${words(f, values[f.key])}`)
    .join('；');
}

/**
 * A 提交 that waits in the outbox is remembered on this device with its values, so the form shows them and says so
 * when it opens again, and, if the server refused it on replay (a rule it failed, a flow switched off meanwhile), the
 * form gives them back to correct and submit again: what was typed offline is never lost. `restore` puts the values
 * on the form with the key a new 提交 takes (the queued one's while it waits, so a second tap is the same write).
 */
export function useQueuedStart(
  definitionId: string,
  restore: (values: Record<string, unknown>, key: string | null) => void,
) {
  const [record, setRecord] = useState(() => readJson<QueuedStart | null>(queuedKey(definitionId), null));
  const [state, setState] = useState<QueuedState>({ kind: 'none' });
  // what the form was last given back, so each outcome restores once
  const given = useRef<string | null>(null);
  const latestRestore = useRef(restore);
  useLayoutEffect(() => {
    latestRestore.current = restore;
  });

  useEffect(() => {
    if (!record) return;
    return watchOutbox(async (alive) => {
      const entry = (await listOutbox()).find((e) => e.idempotencyKey === record.key);
      if (!alive()) return;
      const next: QueuedState = !entry
        ? { kind: 'none' }
        : isWaiting(entry)
          ? { kind: 'waiting' }
          : { kind: 'refused', reason: entry.error ?? '提交未成功' };
      // applied by the server (now or by the service worker) or dismissed: nothing left to keep
      if (!entry) writeJson(queuedKey(definitionId), null);
      setState(next);
      const mark = `${record.key}:${next.kind}`;
      if (next.kind === 'none' || given.current === mark) return;
      given.current = mark;
      latestRestore.current(record.values, next.kind === 'waiting' ? record.key : null);
      if (next.kind === 'refused') toast.info('上次离线提交未成功，已恢复填写的内容');
    });
  }, [record, definitionId]);

  return {
    state: record ? state : ({ kind: 'none' } as QueuedState),
    /** the 提交 waits in the outbox: kept with its values on this device */
    queued: (key: string, values: Record<string, unknown>) => {
      const next = { key, values };
      writeJson(queuedKey(definitionId), next);
      // the values are on the form already
      given.current = `${key}:waiting`;
      setRecord(next);
    },
    /** the 提交 went through now: nothing to remember */
    sent: () => {
      writeJson(queuedKey(definitionId), null);
      setRecord(null);
    },
  };
}

import type { Page } from '@contract/envelope';
import type { FlowListKind, FlowListRow, InstanceDetail } from '@contract/flow';
import type { SyncAheadContext, SyncAheadStep } from '@/lib/sync-ahead-source';
import { get } from '@/api/http';
import { keptPreviewAddress, storedFilesIn } from '@/components/file-preview/kept-preview-address';
import { flowListQuery } from './api/get-flow-list';
import { instanceQueryOptions } from './api/get-instance';
import { flowCountsQueryOptions } from './api/get-flow-counts';
import { definitionQueryOptions, definitionsQueryOptions } from './api/get-definitions';

/** The largest page the server answers: a heavy approver's open work in a few requests. */
const SYNC_PAGE_SIZE = 100;
/** Details read side by side: enough to hide the round trip, few enough to leave the server to others. */
const PARALLEL_READS = 4;

/** Every row of an open list (待办, 待阅), page after page. */
async function allRows(kind: FlowListKind, signal: AbortSignal): Promise<FlowListRow[]> {
  const rows: FlowListRow[] = [];
  for (let pageNum = 1; !signal.aborted; pageNum += 1) {
    const page = await get<Page<FlowListRow>>(
      `/api/flow/task/${kind}`,
      { pageNum, pageSize: SYNC_PAGE_SIZE },
      { noLoading: true },
    );
    rows.push(...page.rows);
    if (page.rows.length < SYNC_PAGE_SIZE || rows.length >= page.total) break;
  }
  return rows;
}

/** Runs `work` on every item, a few at a time. */
async function eachInParallel<T>(items: T[], signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, items.length) }, lane));
}

/** An open list and the detail (form, trace, route ahead) of each of its requests, with their attachments. */
async function syncOpenList(context: SyncAheadContext, kind: 'todo' | 'unread', group: string) {
  const { queryClient, signal } = context;
  // the list screen's own first page, as it reads it
  await queryClient.prefetchInfiniteQuery(flowListQuery(kind)(''));
  const rows = await allRows(kind, signal);
  const details: InstanceDetail[] = [];
  await eachInParallel([...new Set(rows.map((row) => row.instanceId))], signal, async (instanceId) => {
    const detail = await queryClient.fetchQuery(instanceQueryOptions(instanceId)).catch(() => null);
    if (!detail) return;
    details.push(detail);
    const at = Date.parse(rows.find((row) => row.instanceId === instanceId)?.sortedAt ?? detail.createdAt) || 0;
    const files = storedFilesIn([detail.formData, detail.trace.map((step) => step.attachments)]);
    context.keepFiles(
      group,
      files.map((file) => ({ address: keptPreviewAddress(file), at })),
    );
  });
  context.kept(group, rows.length, [rows, details]);
}

/** The requests the person may start, each with its form, so 发起 works offline. */
async function syncDefinitions(context: SyncAheadContext) {
  const { queryClient, signal } = context;
  const definitions = await queryClient.fetchQuery(definitionsQueryOptions());
  const forms: unknown[] = [];
  await eachInParallel(definitions, signal, async (definition) => {
    const form = await queryClient.fetchQuery(definitionQueryOptions(definition.id)).catch(() => null);
    if (form) forms.push(form);
  });
  context.kept('可发起的流程', definitions.length, [definitions, forms]);
}

const steps: SyncAheadStep[] = [
  {
    groups: ['待办', '待阅', '可发起的流程'],
    async run(context) {
      await context.queryClient.prefetchQuery(flowCountsQueryOptions());
      await syncOpenList(context, 'todo', '待办');
      await syncOpenList(context, 'unread', '待阅');
      await syncDefinitions(context);
    },
  },
];

export default steps;

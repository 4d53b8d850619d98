import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FlowListRow } from '@contract/flow';
import type { ApproveBody } from '@contract/flow-schemas';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { invalidateAll } from './act-on-task';
import { afterFlowWrite, flowKeys } from './flow-keys';
import { applyQueuedDeal } from './queued-deal-cache';

/** How one row of a batch 同意 ended: sent, waiting in the outbox, or refused with the server's reason. */
export type BatchOutcome = { state: 'done' } | { state: 'queued' } | { state: 'failed'; message: string };

// the batch says 同意 and nothing else: only rows whose node asks no opinion are offered (FlowListRow.quickApprove)
const BODY: ApproveBody = { opinion: '' };

/**
 * 批量同意: each row is still one idempotent 同意 of its own through the outbox (one key per row, sent one after
 * another), so a refusal of one (已被处理, 已撤回) does not hold up the rest and a replay never approves twice.
 */
export function useBatchApprove() {
  const queryClient = useQueryClient();
  const [outcomes, setOutcomes] = useState<Record<string, BatchOutcome>>({});
  const [running, setRunning] = useState(false);

  const run = async (rows: FlowListRow[]) => {
    setRunning(true);
    const results: Record<string, BatchOutcome> = {};
    for (const row of rows) {
      try {
        const result = await sendOrQueue({
          method: 'POST',
          url: `/api/flow/tasks/${encodeURIComponent(row.id)}/approve`,
          body: BODY,
          idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
          label: `同意「${row.title}」`,
          invalidate: afterFlowWrite(row.instanceId),
        });
        results[row.id] = result.queued ? { state: 'queued' } : { state: 'done' };
        if (result.queued) await applyQueuedDeal(queryClient, row.id);
      } catch (error) {
        results[row.id] = { state: 'failed', message: (error as { message?: string }).message || '操作失败' };
      }
      setOutcomes((prev) => ({ ...prev, [row.id]: results[row.id]! }));
    }
    // rows sent now leave 待办 on the next read; refused ones stay with their reason beside them
    if (Object.values(results).some((r) => r.state === 'done'))
      await invalidateAll(queryClient, [[...flowKeys.counts]]);
    setRunning(false);
    return results;
  };

  return { run, running, outcomes, clear: () => setOutcomes({}) };
}

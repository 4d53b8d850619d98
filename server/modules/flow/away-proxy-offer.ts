import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowDefinitions, flowInstances } from '../../db/schema';
import { IN_APP_ONLY } from '../delivery/channels';
import { recordMessage } from '../message/service';
import type { FinishedInstance } from './finish-hooks';

/** The processes whose approval means the applicant is away, by code, and what the away time is called. */
const AWAY: Record<string, string> = { leave: '请假', trip: '出差' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form's 时间 range (a daterange field `period`), or null when it holds none. */
function periodOf(formData: Record<string, unknown>): [string, string] | null {
  const period = formData.period;
  if (!Array.isArray(period) || period.length !== 2) return null;
  const [from, to] = period as unknown[];
  return typeof from === 'string' && typeof to === 'string' && DAY.test(from) && DAY.test(to) && from <= to
    ? [from, to]
    : null;
}

/**
 * An approved 请假 or 出差 offers its applicant a stand-in for exactly those days: an in-app message that opens 我的 →
 * 审批代理 with the dates filled in, so approvals do not wait while they are away.
 */
export async function offerAwayProxy(tx: Db, finished: FinishedInstance): Promise<void> {
  if (finished.status !== 'approved') return;
  const [row] = await tx
    .select({
      code: flowDefinitions.code,
      initiatorId: flowInstances.initiatorId,
      title: flowInstances.title,
      formData: flowInstances.formData,
    })
    .from(flowInstances)
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .where(eq(flowInstances.id, finished.instanceId));
  const away = row ? AWAY[row.code] : undefined;
  const period = row ? periodOf(row.formData) : null;
  if (!row || !away || !period) return;
  const [from, to] = period;
  await recordMessage(tx, IN_APP_ONLY, row.initiatorId, {
    title: `${away}期间的审批可交给代理人`,
    content: `「${row.title}」已通过。${from} 至 ${to} 您不在岗，可设置审批代理，期间新到的审批由代理人处理。`,
    receiverIds: [row.initiatorId],
    channels: ['app'],
    link: `/myCenter/proxies?from=${from}&to=${to}`,
  });
}

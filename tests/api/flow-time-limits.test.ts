import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InstanceDetail } from '../../contract/flow';
import { flowTaskTimers, flowTasks, messageDeliveries, messages, workCalendarDays } from '../../server/db/schema';
import { flowClient, oneNodeDefinition, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Limit = Record<string, unknown>;

/**
 * Node time limits: timers written with the task, fired once by the worker of the server (polling every 100 ms here).
 * A test moves a timer's due time to now instead of waiting for its minutes: what it checks is what firing does.
 */
describe.each(drivers)('flow node time limits on %s', (driver) => {
  const ctx = useServer(driver, { env: { FLOW_TIMER_POLL_MS: '100' } });
  const { as, detail, list, taskOf, actOk } = flowClient(ctx);
  const db = () => ctx.server.database.db;
  let defined = 0;

  /** a definition whose one approval node (李四) has `limit`; answers its id */
  async function defineTimed(limit: Limit): Promise<string> {
    defined += 1;
    const answer = await (
      await as('admin')
    ).post<{ id: string }>(
      '/api/flow/definitions',
      oneNodeDefinition(`timed-${driver}-${defined}`, `限时审批${defined}`, [userId('lisi')], {
        name: '限时审核',
        timeLimit: limit,
      }),
    );
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  }

  async function startTimed(definitionId: string): Promise<{ id: string; taskId: string }> {
    const started = await (
      await as('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', { definitionId, formData: { note: '限时' } });
    expect(started.status, started.body.msg).toBe(200);
    const id = started.body.data.id;
    return { id, taskId: await taskOf('lisi', id) };
  }

  const timersOf = (taskId: string) =>
    db()
      .select({ kind: flowTaskTimers.kind, dueAt: flowTaskTimers.dueAt, status: flowTaskTimers.status })
      .from(flowTaskTimers)
      .where(eq(flowTaskTimers.taskId, taskId));
  /** makes the task's `kind` timer due now and waits until the worker settled it */
  async function fireNow(taskId: string, kind: string): Promise<string> {
    const due = and(eq(flowTaskTimers.taskId, taskId), eq(flowTaskTimers.kind, kind));
    await db()
      .update(flowTaskTimers)
      .set({ dueAt: sql`now()` })
      .where(due);
    let status = 'pending';
    await expect
      .poll(async () => (status = (await db().select().from(flowTaskTimers).where(due))[0]!.status), {
        timeout: 15_000,
        interval: 50,
      })
      .not.toBe('pending');
    return status;
  }
  const inboxOf = (receiver: string, title: string) =>
    db()
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(messageDeliveries, eq(messageDeliveries.messageId, messages.id))
      .where(
        and(
          eq(messages.title, title),
          eq(messageDeliveries.receiverId, userId(receiver)),
          eq(messageDeliveries.channel, 'app'),
        ),
      );

  it('writes the timers with the task: natural minutes from the moment it opened', async () => {
    const { taskId } = await startTimed(
      await defineTimed({ remindAfterMinutes: 1, escalateAfterMinutes: 2, expireAfterMinutes: 3, clock: 'natural' }),
    );
    const [task] = await db().select({ at: flowTasks.createdAt }).from(flowTasks).where(eq(flowTasks.id, taskId));
    const timers = await timersOf(taskId);
    const after = Object.fromEntries(timers.map((t) => [t.kind, (t.dueAt.getTime() - task!.at.getTime()) / 60_000]));
    expect(Object.keys(after).sort()).toEqual(['escalate', 'expire', 'remind']);
    expect(after.remind).toBeCloseTo(1, 1);
    expect(after.escalate).toBeCloseTo(2, 1);
    expect(after.expire).toBeCloseTo(3, 1);
    expect(timers.every((t) => t.status === 'pending')).toBe(true);
  });

  it('reminds, escalates to the department head, marks the to-do overdue and approves once on expiry', async () => {
    const { id, taskId } = await startTimed(
      await defineTimed({ remindAfterMinutes: 1, escalateAfterMinutes: 2, expireAfterMinutes: 3, onExpire: 'approve' }),
    );
    const title = (await detail('zhangsan', id)).title;

    expect(await fireNow(taskId, 'remind')).toBe('fired');
    expect(await inboxOf('lisi', `待办即将超时：${title}`)).toHaveLength(1);
    expect((await list('lisi', 'todo')).rows.find((r) => r.instanceId === id)?.overdue).toBe(false);

    expect(await fireNow(taskId, 'escalate')).toBe('fired');
    const escalated = (await detail('zhangsan', id)).trace.filter((e) => e.action === 'timeout');
    expect(escalated).toHaveLength(1);
    expect(escalated[0]).toMatchObject({ actorName: '李四', nodeName: '限时审核' });
    expect(escalated[0]!.opinion).toMatch(/^超过处理时限，已上报部门负责人.+$/);
    const reports = await db()
      .select({ receiverId: messageDeliveries.receiverId })
      .from(messages)
      .innerJoin(messageDeliveries, eq(messageDeliveries.messageId, messages.id))
      .where(and(eq(messages.title, `超时上报：${title}`), eq(messageDeliveries.channel, 'app')));
    expect(reports).toHaveLength(1);
    expect(reports[0]!.receiverId).not.toBe(userId('lisi'));
    expect((await list('lisi', 'todo')).rows.find((r) => r.instanceId === id)?.overdue).toBe(true);

    expect(await fireNow(taskId, 'expire')).toBe('fired');
    const done: InstanceDetail = await detail('zhangsan', id);
    expect(done.status).toBe('approved');
    const approvals = done.trace.filter((e) => e.action === 'approve');
    expect(approvals.map((e) => [e.actorName, e.opinion])).toEqual([['李四', '系统自动通过：超过处理时限']]);
    expect((await list('lisi', 'todo')).rows.some((r) => r.instanceId === id)).toBe(false);
    // nothing fires a second time: every timer of the task is settled once
    expect((await timersOf(taskId)).map((t) => t.status).sort()).toEqual(['fired', 'fired', 'fired']);
    expect(await inboxOf('lisi', `待办即将超时：${title}`)).toHaveLength(1);
  });

  it('fires nothing for a task handled before its limit', async () => {
    const { id, taskId } = await startTimed(await defineTimed({ remindAfterMinutes: 5, expireAfterMinutes: 10 }));
    await actOk('lisi', taskId, 'approve', { opinion: '同意' });
    expect(await fireNow(taskId, 'remind')).toBe('skipped');
    expect(await fireNow(taskId, 'expire')).toBe('skipped');
    const title = (await detail('zhangsan', id)).title;
    expect(await inboxOf('lisi', `待办即将超时：${title}`)).toHaveLength(0);
  });

  it('rejects or hands the task to the named person on expiry', async () => {
    const rejected = await startTimed(await defineTimed({ expireAfterMinutes: 30, onExpire: 'reject' }));
    await fireNow(rejected.taskId, 'expire');
    const r = await detail('zhangsan', rejected.id);
    expect(r.status).toBe('rejected');
    expect(r.trace.at(-1)).toMatchObject({ action: 'reject', opinion: '系统自动驳回：超过处理时限' });

    const moved = await startTimed(
      await defineTimed({ expireAfterMinutes: 30, onExpire: 'transfer', transferTo: userId('wangwu') }),
    );
    await fireNow(moved.taskId, 'expire');
    expect((await detail('wangwu', moved.id)).myTaskId).toBeTruthy();
    expect((await detail('lisi', moved.id)).myTaskId).toBeNull();
  });

  it('counts working time by default: the seeded calendar holds 2026’s holidays and 调休 Saturdays', async () => {
    const { taskId } = await startTimed(await defineTimed({ expireAfterMinutes: 8 * 60 }));
    const [timer] = await timersOf(taskId);
    // eight working hours are at least a night away, and never land outside 09:00–18:00 China time
    expect(timer!.dueAt.getTime() - Date.now()).toBeGreaterThan(8 * 60 * 60_000);
    const hour = (timer!.dueAt.getUTCHours() + 8) % 24;
    expect(hour >= 9 && hour <= 18).toBe(true);
    const rows = await db()
      .select({ day: workCalendarDays.day, working: workCalendarDays.working })
      .from(workCalendarDays)
      .where(inArray(workCalendarDays.day, ['2026-10-10', '2026-10-05', '2026-02-14']));
    expect(Object.fromEntries(rows.map((r) => [r.day, r.working]))).toEqual({
      '2026-02-14': true,
      '2026-10-05': false,
      '2026-10-10': true,
    });
  });

  it('refuses a limit it cannot follow, in Chinese', async () => {
    const bad = async (timeLimit: Limit) =>
      (await as('admin')).post('/api/flow/definitions', {
        code: `timed-bad-${driver}`,
        category: '行政',
        name: '限时审批',
        formSchema: [{ key: 'note', label: '说明', type: 'text' }],
        graph: {
          nodes: [
            { id: 'start', type: 'start', name: '发起', next: 'check' },
            { id: 'check', type: 'approval', name: '审核', assignee: { type: 'deptHead' }, timeLimit, next: 'end' },
            { id: 'end', type: 'end', name: '结束' },
          ],
        },
      });
    const noTarget = await bad({ expireAfterMinutes: 10, onExpire: 'transfer' });
    expect([noTarget.status, noTarget.body.msg]).toEqual([400, '超时转交需指定转交人']);
    const noMinutes = await bad({ onExpire: 'approve' });
    expect([noMinutes.status, noMinutes.body.msg]).toEqual([400, '设置超时处理方式时需填写超时时限']);
    const zero = await bad({ remindAfterMinutes: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toMatch(/提醒时限至少 1 分钟/);
  });
});

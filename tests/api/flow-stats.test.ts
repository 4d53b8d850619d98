import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FlowStats } from '../../contract/flow-stats';
import { flowTaskTimers } from '../../server/db/schema';
import { flowClient, forms, oneNodeDefinition, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 审批统计: each person their own figures, a department head their departments', an administrator every flow's. */
describe.each(drivers)('flow statistics on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, actOk } = flowClient(ctx);
  const stats = async (user: string, scope = 'me') => (await as(user)).get<FlowStats>(`/api/flow/stats?scope=${scope}`);
  const figures = async (user: string, scope = 'me') => {
    const answer = await stats(user, scope);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const waiting = (s: FlowStats['me']) => s!.waitingByAge.reduce((sum, b) => sum + b.count, 0);

  it('counts a person’s own to-dos by age and what they handled this month', async () => {
    const before = (await figures('lisi')).me!;
    expect(before.waitingByAge.map((b) => b.label)).toEqual(['1天内', '1–3天', '3–7天', '7天以上']);
    const first = await start('zhangsan', 'leave', forms.leave(1));
    await start('zhangsan', 'leave', forms.leave(1));
    const arrived = (await figures('lisi')).me!;
    expect(arrived.waitingByAge[0]!.count).toBe(before.waitingByAge[0]!.count + 2);
    await actOk('lisi', await taskOf('lisi', first), 'approve', { opinion: '同意' });
    const after = (await figures('lisi')).me!;
    expect(after.handledThisMonth).toBe(before.handledThisMonth + 1);
    expect(waiting(after)).toBe(waiting(arrived) - 1);
    expect(after.medianMinutes).not.toBeNull();
    expect((await figures('zhangsan')).scopes).toEqual(['me']);
  });

  it('shows a department head their departments’ waiting, slowest nodes and overdue to-dos', async () => {
    const head = await figures('lisi', 'dept');
    expect(head.scopes).toContain('dept');
    expect(head.dept!.orgNames).toContain('综合管理部');
    expect(head.dept!.slowestNodes.length).toBeGreaterThan(0);
    expect(head.dept!.slowestNodes[0]).toMatchObject({
      definitionName: expect.any(String),
      nodeName: expect.any(String),
    });
    const sorted = head.dept!.slowestNodes.map((n) => n.medianMinutes);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));

    // a to-do of the department past its node's 上报 moment is overdue
    const saved = await (
      await as('admin')
    ).post<{ id: string }>(
      '/api/flow/definitions',
      oneNodeDefinition(`stats-timed-${driver}`, '限时审批', [userId('lisi')], {
        name: '限时审核',
        timeLimit: { escalateAfterMinutes: 600 },
      }),
    );
    expect(saved.status, saved.body.msg).toBe(200);
    const started = await (
      await as('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', { definitionId: saved.body.data.id, formData: { note: '统计' } });
    const task = await taskOf('lisi', started.body.data.id);
    // the worker is not needed: overdue is read from the due moment (its firing is flow-time-limits' concern)
    await ctx.server.database.db
      .update(flowTaskTimers)
      .set({ dueAt: sql`now() - interval '1 minute'` })
      .where(and(eq(flowTaskTimers.taskId, task), eq(flowTaskTimers.kind, 'escalate')));
    expect((await figures('lisi', 'dept')).dept!.overdue).toBe(head.dept!.overdue + 1);

    const refused = await stats('zhangsan', 'dept');
    expect([refused.status, refused.body.msg]).toEqual([403, '只有部门负责人可以查看本部门统计']);
  });

  it('shows an administrator every flow: volume, durations, rejection rate and where requests wait', async () => {
    const id = await start('zhangsan', 'expense', forms.expense(120));
    await actOk('lisi', await taskOf('lisi', id), 'reject', { opinion: '票据不全' });
    const all = (await figures('admin', 'all')).all!;
    const expense = all.definitions.find((d) => d.code === 'expense');
    expect(expense, 'expense is listed').toBeTruthy();
    expect(expense!.volume).toBeGreaterThanOrEqual(1);
    expect(expense!.finished).toBeGreaterThanOrEqual(1);
    expect(expense!.rejectionRate).toBeGreaterThan(0);
    expect(expense!.rejectionRate).toBeLessThanOrEqual(1);
    expect(expense!.medianHours).not.toBeNull();
    expect(expense!.p90Hours!).toBeGreaterThanOrEqual(expense!.medianHours!);
    expect(expense!.slowestNode?.nodeName).toEqual(expect.any(String));
    expect(all.definitions.map((d) => d.volume)).toEqual(
      [...all.definitions.map((d) => d.volume)].sort((a, b) => b - a),
    );
    expect((await figures('admin', 'all')).scopes).toEqual(expect.arrayContaining(['me', 'all']));

    const refused = await stats('lisi', 'all');
    expect([refused.status, refused.body.msg]).toEqual([403, '只有管理员可以查看全部流程统计']);
  });

  it('refuses an unknown scope in Chinese and a caller without a session', async () => {
    const bad = await stats('zhangsan', 'everyone');
    expect([bad.status, bad.body.msg]).toEqual([400, '统计范围只能是我的、本部门或全部流程']);
    expect((await (await as(null as unknown as string)).get('/api/flow/stats')).status).toBe(401);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HandoverResult, OpenWork } from '../../contract/upms';
import type { UnattendedTask } from '../../contract/flow';
import { groups, handoverRecords, meetings, users } from '../../server/db/schema';
import { flowClient, forms, oneNodeDefinition, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 离职交接: an administrator hands everything of a person to another in one step, one audit row per item. */
describe.each(drivers)('hand-over when someone leaves on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, list, taskOf } = flowClient(ctx);
  const db = () => ctx.server.database.db;

  /** a definition whose one approval node is sunqi's */
  async function sunqiApproves(): Promise<string> {
    const saved = await (
      await as('admin')
    ).post<{ id: string }>(
      '/api/flow/definitions',
      oneNodeDefinition(`handover-${driver}`, '交接测试', [userId('sunqi')]),
    );
    expect(saved.status, saved.body.msg).toBe(200);
    return saved.body.data.id;
  }

  it('moves 50 items (tasks, requests, a meeting, a group) with 50 audit rows; disabling asks for a receiver first', async () => {
    const definitionId = await sunqiApproves();
    const admin = await as('admin');
    // the demo already gives sunqi a few to-dos: topped up to exactly 40
    const held = (await admin.get<OpenWork>(`/api/upms/user/${userId('sunqi')}/open-work`)).body.data;
    expect(held).toMatchObject({ requests: 0, meetings: 0, groups: 0 });
    const zhangsan = await as('zhangsan');
    for (let i = held.tasks; i < 40; i += 1) {
      const r = await zhangsan.post('/api/flow/instances', { definitionId, formData: { note: `交接${i}` } });
      expect(r.status, r.body.msg).toBe(200);
    }
    for (let i = 0; i < 8; i += 1) await start('sunqi', 'expense', forms.expense(50 + i));
    await db()
      .insert(meetings)
      .values({
        subject: '交接周会',
        startAt: new Date(Date.now() + 86_400_000),
        endAt: new Date(Date.now() + 90_000_000),
        organizerId: userId('sunqi'),
        signInSecret: 'x'.repeat(32),
      });
    await db()
      .insert(groups)
      .values({ name: '孙琪的群组', ownerId: userId('sunqi') });

    expect((await (await as('lisi')).get(`/api/upms/user/${userId('sunqi')}/open-work`)).status).toBe(403);
    const work = (await admin.get<OpenWork>(`/api/upms/user/${userId('sunqi')}/open-work`)).body.data;
    expect(work).toMatchObject({ tasks: 40, requests: 8, meetings: 1, groups: 1, total: 50 });
    expect(work.suggestedReceiverId).toBeTruthy();

    const refused = await admin.post(`/api/upms/user/${userId('sunqi')}/disable`, {});
    expect([refused.status, refused.body.msg]).toEqual([409, '该人员还有50项未完成的工作，请先指定交接人']);
    const [still] = await db()
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, userId('sunqi')));
    expect(still!.status).toBe('active');

    const before = (await list('wangwu', 'todo')).total;
    const done = await admin.post<{ handedOver: HandoverResult }>(`/api/upms/user/${userId('sunqi')}/disable`, {
      handoverTo: userId('wangwu'),
    });
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data.handedOver).toEqual({ tasks: 40, requests: 8, meetings: 1, groups: 1 });
    const records = await db()
      .select({ kind: handoverRecords.itemKind })
      .from(handoverRecords)
      .where(and(eq(handoverRecords.fromUserId, userId('sunqi')), eq(handoverRecords.toUserId, userId('wangwu'))));
    expect(records).toHaveLength(50);
    expect((await list('wangwu', 'todo')).total).toBe(before + 40);
    const mine = (await list('wangwu', 'mine')).rows.filter((r) => r.definitionName === '报销');
    expect(mine.length).toBeGreaterThanOrEqual(8);
    const [after] = await db()
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, userId('sunqi')));
    expect(after!.status).toBe('disabled');
    expect((await admin.get<OpenWork>(`/api/upms/user/${userId('sunqi')}/open-work`)).body.data.total).toBe(0);
  });

  it('refuses a receiver who is the person, disabled or unknown, in Chinese, and a caller who is no administrator', async () => {
    const admin = await as('admin');
    const to = (toUserId: string) => admin.post(`/api/upms/user/${userId('zhaoliu')}/handover`, { toUserId });
    expect((await to(userId('zhaoliu'))).body.msg).toBe('不能交接给本人');
    await ctx.setStatus('gaoyan', 'disabled');
    expect((await to(userId('gaoyan'))).body.msg).toBe('交接人已停用，请另选');
    expect((await to('00000000-0000-4000-8000-000000000000')).body.msg).toBe('交接人不存在');
    expect((await to('not-a-uuid')).status).toBe(400);
    const stranger = await (
      await as('zhangsan')
    ).post(`/api/upms/user/${userId('lisi')}/handover`, {
      toUserId: userId('zhangsan'),
    });
    expect([stranger.status, stranger.body.msg]).toEqual([403, '只有管理员可以办理人员交接']);
  });

  it('lists a task left only with a disabled person as 无人处理 and gives it to someone in one step', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(1));
    const task = await taskOf('lisi', id);
    await ctx.setStatus('lisi', 'disabled'); // as a database change or the organisation import would
    const admin = await as('admin');
    const orphans = (await admin.get<UnattendedTask[]>('/api/flow/unattended')).body.data;
    expect(orphans.find((t) => t.taskId === task)).toMatchObject({ instanceId: id, assigneeName: '李四' });
    expect((await (await as('zhangsan')).get('/api/flow/unattended')).status).toBe(403);

    const moved = await admin.post(`/api/flow/tasks/${task}/reassign`, { userId: userId('wangwu') });
    expect(moved.status, moved.body.msg).toBe(200);
    expect((await list('wangwu', 'todo')).rows.some((r) => r.instanceId === id)).toBe(true);
    expect((await admin.get<UnattendedTask[]>('/api/flow/unattended')).body.data.some((t) => t.taskId === task)).toBe(
      false,
    );
    const again = await admin.post(`/api/flow/tasks/${await taskOf('wangwu', id)}/reassign`, {
      userId: userId('zhaoliu'),
    });
    expect([again.status, again.body.msg]).toEqual([409, '该待办的处理人仍在岗，请由其本人转办']);
    await ctx.setStatus('lisi', 'active');
  });
});

import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flowLogs, flowTasks } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { defId, flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

describe.each(drivers)('workflow engine over HTTP on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, act, actOk, counts, detail, status: statusOf, start, taskOf } = flowClient(ctx);
  const db = () => ctx.server.database.db;
  const leave = (days: number) => start('zhangsan', 'leave', forms.leave(days));
  const status = (id: string) => statusOf(id);

  it('starts a leave into the department head’s 待办 and refuses bad forms with a Chinese message', async () => {
    const before = (await counts('lisi')).todo;
    const started = await (
      await as('zhangsan')
    ).post<{ id: string; status: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(2),
    });
    expect([started.status, started.body.data.status]).toEqual([200, 'running']);
    expect((await counts('lisi')).todo).toBe(before + 1);
    const bad = await (
      await as('zhangsan')
    ).post('/api/flow/instances', { definitionId: defId('leave'), formData: { leaveType: '3', days: 2 } });
    expect([bad.status, bad.body.msg]).toEqual([400, '请填写请假时间']);
    const noDef = await (await as('zhangsan')).post('/api/flow/instances', { formData: {} });
    expect(noDef.status).toBe(400);
  });

  it('keeps a draft without validating it, then submits that same draft once', async () => {
    const saved = await (
      await as('zhangsan')
    ).post<{ id: string; status: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: { reason: '草稿' },
      draft: true,
    });
    expect([saved.status, saved.body.data.status]).toEqual([200, 'draft']);
    const id = saved.body.data.id;
    expect(
      (await (await as('zhangsan')).get<{ abilities: { editDraft: boolean } }>(`/api/flow/instances/${id}`)).body.data
        .abilities.editDraft,
    ).toBe(true);
    const incomplete = await (
      await as('zhangsan')
    ).post('/api/flow/instances', { definitionId: defId('leave'), draftId: id, formData: { reason: '草稿' } });
    expect([incomplete.status, incomplete.body.msg]).toEqual([400, '请填写请假类型']);
    expect(
      (
        await (
          await as('wangwu')
        ).post('/api/flow/instances', {
          definitionId: defId('leave'),
          draftId: id,
          formData: { reason: 'x' },
          draft: true,
        })
      ).status,
    ).toBe(404);
    const form = { leaveType: '3', period: ['2026-12-01', '2026-12-01'], days: 1, reason: '草稿提交' };
    const submitted = await (
      await as('zhangsan')
    ).post<{ id: string; status: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      draftId: id,
      formData: form,
    });
    expect([submitted.body.data.id, submitted.body.data.status]).toEqual([id, 'running']);
    expect(
      (
        await (
          await as('zhangsan')
        ).post('/api/flow/instances', { definitionId: defId('leave'), draftId: id, formData: form })
      ).status,
    ).toBe(409);
  });

  it('lets only the handler act, and only people involved (or admin) see the instance', async () => {
    const { id } = { id: await leave(1) };
    const task = await taskOf('lisi', id);
    const stranger = await (await as('wangwu')).post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' });
    // a stranger cannot tell someone else's task or instance from a missing one
    expect([stranger.status, stranger.body.msg]).toEqual([404, '待办不存在']);
    expect((await (await as('wangwu')).get(`/api/flow/instances/${id}`)).status).toBe(404);
    expect((await (await as('admin')).get(`/api/flow/instances/${id}`)).status).toBe(200);
    expect((await (await as('zhangsan')).get(`/api/flow/instances/${randomUUID()}`)).status).toBe(404);
    expect((await (await as('zhangsan')).get('/api/flow/instances/not-a-uuid')).status).toBe(400);
  });

  it('approves a short leave to the end and copies it to HR’s 待阅; a long one goes on to the general managers', async () => {
    const hrBefore = (await (await as('huangmin')).get<{ unread: number }>('/api/flow/counts')).body.data.unread;
    const short = await leave(2);
    const ok = await (
      await as('lisi')
    ).post(`/api/flow/tasks/${await taskOf('lisi', short)}/approve`, { opinion: '同意' });
    expect(ok.status).toBe(200);
    expect(await status(short)).toBe('approved');
    expect((await (await as('huangmin')).get<{ unread: number }>('/api/flow/counts')).body.data.unread).toBe(
      hrBefore + 1,
    );

    const long = await leave(5);
    await (await as('lisi')).post(`/api/flow/tasks/${await taskOf('lisi', long)}/approve`, { opinion: '同意' });
    const detail = (
      await (await as('zhangsan')).get<{ currentNodeNames: string[]; status: string }>(`/api/flow/instances/${long}`)
    ).body.data;
    expect(detail).toMatchObject({ status: 'running', currentNodeNames: ['总经理审批'] });
    // 总经理审批 asks for an opinion
    const gmTask = await taskOf('chenjianguo', long);
    const silent = await (await as('chenjianguo')).post(`/api/flow/tasks/${gmTask}/approve`, { opinion: '' });
    expect([silent.status, silent.body.msg]).toEqual([400, '请填写审批意见']);
    expect(await status(long)).toBe('running');
  });

  it('rejects with an opinion only, ending the flow', async () => {
    const { id } = { id: await leave(1) };
    const task = await taskOf('lisi', id);
    expect((await (await as('lisi')).post(`/api/flow/tasks/${task}/reject`, {})).body.msg).toBe('请填写审批意见');
    expect(await status(id)).toBe('running');
    expect((await (await as('lisi')).post(`/api/flow/tasks/${task}/reject`, { opinion: '不同意' })).status).toBe(200);
    expect(await status(id)).toBe('rejected');
    expect((await (await as('lisi')).post(`/api/flow/tasks/${task}/approve`, { opinion: '再同意' })).status).toBe(409);
  });

  it('returns to the initiator (我的退回), who resubmits it to the same handler', async () => {
    const { id } = { id: await leave(1) };
    const returned = await (
      await as('lisi')
    ).post(`/api/flow/tasks/${await taskOf('lisi', id)}/return`, { opinion: '请补充说明', targetNodeId: 'start' });
    expect(returned.status).toBe(200);
    expect(await status(id)).toBe('returned');
    const back = (
      await (
        await as('zhangsan')
      ).get<{ rows: { instanceId: string; id: string }[] }>('/api/flow/task/back?pageSize=100')
    ).body.data.rows;
    const row = back.find((r) => r.instanceId === id)!;
    expect(row).toBeTruthy();
    expect((await (await as('zhangsan')).post(`/api/flow/tasks/${row.id}/approve`, { opinion: '已补充' })).status).toBe(
      200,
    );
    expect(await status(id)).toBe('running');
    expect(await taskOf('lisi', id)).toBeTruthy();
  });

  it('asks for the next handlers when 同意 leads to a node whose handlers are chosen (the returned 用印)', async () => {
    const back = (
      await (
        await as('zhangsan')
      ).get<{ rows: { instanceId: string; id: string; definitionName: string }[] }>('/api/flow/task/back?pageSize=100')
    ).body.data.rows;
    const seal = back.find((r) => r.definitionName === '用印')!;
    const detail = (
      await (
        await as('zhangsan')
      ).get<{ abilities: { nextChosenNode: string | null } }>(`/api/flow/instances/${seal.instanceId}`)
    ).body.data;
    expect(detail.abilities.nextChosenNode).toBe('审核人审批');
    const without = await (await as('zhangsan')).post(`/api/flow/tasks/${seal.id}/approve`, { opinion: '已核对' });
    expect([without.status, without.body.msg]).toEqual([400, '请选择「审核人审批」的处理人']);
    const lisiId = userId('lisi');
    expect(
      (
        await (
          await as('zhangsan')
        ).post(`/api/flow/tasks/${seal.id}/approve`, { opinion: '已核对', chosenAssignees: [lisiId] })
      ).status,
    ).toBe(200);
    expect(await taskOf('lisi', seal.instanceId)).toBeTruthy();
  });

  it('transfers a task to another person (已转办) but not to oneself', async () => {
    const { id } = { id: await leave(1) };
    const task = await taskOf('lisi', id);
    const zhaoliuId = userId('zhaoliu');
    const lisiId = userId('lisi');
    expect((await (await as('lisi')).post(`/api/flow/tasks/${task}/transfer`, { toUserId: lisiId })).body.msg).toBe(
      '不能转办给自己',
    );
    expect(
      (
        await (
          await as('lisi')
        ).post(`/api/flow/tasks/${task}/transfer`, { toUserId: zhaoliuId, opinion: '请代为处理' })
      ).status,
    ).toBe(200);
    expect(await taskOf('zhaoliu', id)).toBeTruthy();
    const transferred = (
      await (await as('lisi')).get<{ rows: { instanceId: string }[] }>('/api/flow/task/transfer?pageSize=100')
    ).body.data.rows;
    expect(transferred.some((r) => r.instanceId === id)).toBe(true);
  });

  it('carries an approval’s attachments into the trace', async () => {
    const { id } = { id: await leave(1) };
    // a real upload of the one attaching it: made-up or foreign file ids are refused (files-access.test.ts)
    const upload = new FormData();
    upload.append('file', new Blob(['核对说明']), '核对说明.txt');
    const [uploaded] = (
      await (await as('lisi')).post<{ fileName: string; attachName: string }[]>('/api/form/common/file/upload', upload)
    ).body.data;
    const file = { fileName: uploaded!.fileName, attachName: '核对说明.txt' };
    await actOk('lisi', await taskOf('lisi', id), 'approve', { opinion: '核对无误', attachments: [file] });
    const after = await detail('zhangsan', id);
    expect(after.status).toBe('approved');
    expect(after.trace.find((t) => t.action === 'approve')?.attachments).toEqual([file]);
  });

  it('allows 撤回 while 审批中, after a handler has acted too', async () => {
    const early = { id: await leave(1) }.id;
    expect((await (await as('zhangsan')).post(`/api/flow/instances/${early}/withdraw`)).status).toBe(200);
    expect(await status(early)).toBe('withdrawn');
    const expense = await (
      await as('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('expense'),
      formData: { expenseType: 'travel', amount: 100, occurredOn: '2026-11-01', description: '打车' },
    });
    await (
      await as('lisi')
    ).post(`/api/flow/tasks/${await taskOf('lisi', expense.body.data.id)}/approve`, { opinion: '同意' });
    const late = await (await as('zhangsan')).post(`/api/flow/instances/${expense.body.data.id}/withdraw`);
    expect([late.status, late.body.msg]).toEqual([200, '已撤回']);
    // a handler hears why; a stranger cannot tell it from a missing request
    expect((await (await as('lisi')).post(`/api/flow/instances/${expense.body.data.id}/withdraw`)).status).toBe(403);
    expect((await (await as('wangwu')).post(`/api/flow/instances/${expense.body.data.id}/withdraw`)).status).toBe(404);
  });

  it('applies an approval sent twice with the same Idempotency-Key once, with the same answer', async () => {
    const { id } = { id: await leave(1) };
    const task = await taskOf('lisi', id);
    const key = randomUUID();
    const first = await (
      await as('lisi')
    ).post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' }, { 'Idempotency-Key': key });
    const second = await (
      await as('lisi')
    ).post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' }, { 'Idempotency-Key': key });
    expect(second.body).toEqual(first.body);
    const [logs] = await db()
      .select({ n: count() })
      .from(flowLogs)
      .where(and(eq(flowLogs.instanceId, id), eq(flowLogs.action, 'approve')));
    expect(toCount(logs?.n)).toBe(1);
  });

  it('advances a 或签 node exactly once when both signers approve at the same moment', async () => {
    const doc = await (
      await as('lisi')
    ).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('document'),
      formData: { docTitle: `并发签发${randomUUID().slice(0, 4)}`, urgency: '1', content: '并发测试' },
    });
    const id = doc.body.data.id;
    await (
      await as('chenjianguo')
    ).post(`/api/flow/tasks/${await taskOf('chenjianguo', id)}/approve`, { opinion: '核稿同意' });
    const [mine, his] = [await taskOf('chenjianguo', id), await taskOf('liuyang', id)];
    const [a, b] = await Promise.all([
      act('chenjianguo', mine, 'approve', { opinion: '签发' }),
      act('liuyang', his, 'approve', { opinion: '签发' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [signed] = await db()
      .select({ n: count() })
      .from(flowLogs)
      .where(and(eq(flowLogs.instanceId, id), eq(flowLogs.nodeId, 'leaders'), eq(flowLogs.action, 'approve')));
    expect(toCount(signed?.n)).toBe(1);
    expect(await status(id)).toBe('approved');
    const [open] = await db()
      .select({ n: count() })
      .from(flowTasks)
      .where(and(eq(flowTasks.instanceId, id), eq(flowTasks.status, 'pending')));
    expect(toCount(open?.n)).toBe(0);
  });

  it('finds flows by a 2-character Chinese keyword and by category', async () => {
    const hits = (
      await (
        await as('zhangsan')
      ).get<{ rows: { definitionName: string }[]; total: number }>(
        `/api/flow/task/search?keyword=${encodeURIComponent('请假')}&pageSize=100`,
      )
    ).body.data;
    expect(hits.total).toBeGreaterThan(0);
    expect(hits.rows.every((r) => r.definitionName === '请假')).toBe(true);
    const finance = (
      await (
        await as('zhangsan')
      ).get<{ rows: { category: string }[] }>(`/api/flow/task/mine?category=${encodeURIComponent('财务')}&pageSize=100`)
    ).body.data.rows;
    expect(finance.length).toBeGreaterThan(0);
    expect(finance.every((r) => r.category === '财务')).toBe(true);
    expect((await (await as('zhangsan')).get('/api/flow/task/nonsense')).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowLogs, flowTasks } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { api, loginAs, startTestServer, type TestServer } from '../factories/test-server';

type Client = ReturnType<typeof api>;

describe.each(['pglite', 'pg'] as const)('workflow engine over HTTP on %s', (driver) => {
  let server: TestServer;
  const as: Record<string, Client> = {};
  let defs: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    for (const [name, password] of [['zhangsan', '123456'], ['lisi', '123456'], ['wangwu', '123456'], ['admin', 'admin123'], ['zhaoliu', '123456'], ['chenjianguo', '123456'], ['liuyang', '123456'], ['huangmin', '123456'], ['yangfan', '123456']]) {
      as[name!] = api(server.baseUrl, await loginAs(server.baseUrl, name!, password!));
    }
    const list = (await as.zhangsan!.get<{ id: string; code: string }[]>('/api/flow/definitions')).body.data;
    defs = Object.fromEntries(list.map((d) => [d.code, d.id]));
  }, 60_000);
  afterAll(() => server?.close());

  const leave = (days: number, reason = `事由${randomUUID().slice(0, 6)}`) =>
    as.zhangsan!.post<{ id: string; status: string }>('/api/flow/instances', { definitionId: defs.leave, formData: { leaveType: '3', period: ['2026-12-01', '2026-12-05'], days, reason } });
  const taskOf = async (instanceId: string, username: string) => {
    const detail = await as[username]!.get<{ myTaskId: string | null; status: string }>(`/api/flow/instances/${instanceId}`);
    return detail.body.data.myTaskId!;
  };
  const status = async (instanceId: string) => (await as.zhangsan!.get<{ status: string }>(`/api/flow/instances/${instanceId}`)).body.data.status;

  it('starts a leave into the department head’s 待办 and refuses bad forms with a Chinese message', async () => {
    const before = (await as.lisi!.get<{ todo: number }>('/api/flow/counts')).body.data.todo;
    const started = await leave(2);
    expect([started.status, started.body.data.status]).toEqual([200, 'running']);
    expect((await as.lisi!.get<{ todo: number }>('/api/flow/counts')).body.data.todo).toBe(before + 1);
    const bad = await as.zhangsan!.post('/api/flow/instances', { definitionId: defs.leave, formData: { leaveType: '3', days: 2 } });
    expect([bad.status, bad.body.msg]).toEqual([400, '请填写请假时间']);
    const noDef = await as.zhangsan!.post('/api/flow/instances', { formData: {} });
    expect(noDef.status).toBe(400);
  });

  it('keeps a draft without validating it, then submits that same draft once', async () => {
    const saved = await as.zhangsan!.post<{ id: string; status: string }>('/api/flow/instances', { definitionId: defs.leave, formData: { reason: '草稿' }, draft: true });
    expect([saved.status, saved.body.data.status]).toEqual([200, 'draft']);
    const id = saved.body.data.id;
    expect((await as.zhangsan!.get<{ abilities: { editDraft: boolean } }>(`/api/flow/instances/${id}`)).body.data.abilities.editDraft).toBe(true);
    const incomplete = await as.zhangsan!.post('/api/flow/instances', { definitionId: defs.leave, draftId: id, formData: { reason: '草稿' } });
    expect([incomplete.status, incomplete.body.msg]).toEqual([400, '请填写请假类型']);
    expect((await as.wangwu!.post('/api/flow/instances', { definitionId: defs.leave, draftId: id, formData: { reason: 'x' }, draft: true })).status).toBe(404);
    const form = { leaveType: '3', period: ['2026-12-01', '2026-12-01'], days: 1, reason: '草稿提交' };
    const submitted = await as.zhangsan!.post<{ id: string; status: string }>('/api/flow/instances', { definitionId: defs.leave, draftId: id, formData: form });
    expect([submitted.body.data.id, submitted.body.data.status]).toEqual([id, 'running']);
    expect((await as.zhangsan!.post('/api/flow/instances', { definitionId: defs.leave, draftId: id, formData: form })).status).toBe(409);
  });

  it('lets only the handler act, and only people involved (or admin) see the instance', async () => {
    const { id } = (await leave(1)).body.data;
    const task = await taskOf(id, 'lisi');
    const stranger = await as.wangwu!.post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' });
    expect([stranger.status, stranger.body.msg]).toEqual([403, '您不是当前处理人']);
    expect((await as.wangwu!.get(`/api/flow/instances/${id}`)).status).toBe(403);
    expect((await as.admin!.get(`/api/flow/instances/${id}`)).status).toBe(200);
    expect((await as.zhangsan!.get(`/api/flow/instances/${randomUUID()}`)).status).toBe(404);
    expect((await as.zhangsan!.get('/api/flow/instances/not-a-uuid')).status).toBe(400);
  });

  it('approves a short leave to the end and copies it to HR’s 待阅; a long one goes on to the general managers', async () => {
    const hrBefore = (await as.huangmin!.get<{ unread: number }>('/api/flow/counts')).body.data.unread;
    const short = (await leave(2)).body.data.id;
    const ok = await as.lisi!.post(`/api/flow/tasks/${await taskOf(short, 'lisi')}/approve`, { opinion: '同意' });
    expect(ok.status).toBe(200);
    expect(await status(short)).toBe('approved');
    expect((await as.huangmin!.get<{ unread: number }>('/api/flow/counts')).body.data.unread).toBe(hrBefore + 1);

    const long = (await leave(5)).body.data.id;
    await as.lisi!.post(`/api/flow/tasks/${await taskOf(long, 'lisi')}/approve`, { opinion: '同意' });
    const detail = (await as.zhangsan!.get<{ currentNodeNames: string[]; status: string }>(`/api/flow/instances/${long}`)).body.data;
    expect(detail).toMatchObject({ status: 'running', currentNodeNames: ['总经理审批'] });
    // 总经理审批 asks for an opinion
    const gmTask = await taskOf(long, 'chenjianguo');
    const silent = await as.chenjianguo!.post(`/api/flow/tasks/${gmTask}/approve`, { opinion: '' });
    expect([silent.status, silent.body.msg]).toEqual([400, '请填写审批意见']);
    expect(await status(long)).toBe('running');
  });

  it('rejects with an opinion only, ending the flow', async () => {
    const { id } = (await leave(1)).body.data;
    const task = await taskOf(id, 'lisi');
    expect((await as.lisi!.post(`/api/flow/tasks/${task}/reject`, {})).body.msg).toBe('请填写审批意见');
    expect(await status(id)).toBe('running');
    expect((await as.lisi!.post(`/api/flow/tasks/${task}/reject`, { opinion: '不同意' })).status).toBe(200);
    expect(await status(id)).toBe('rejected');
    expect((await as.lisi!.post(`/api/flow/tasks/${task}/approve`, { opinion: '再同意' })).status).toBe(409);
  });

  it('returns to the initiator (我的退回), who resubmits it to the same handler', async () => {
    const { id } = (await leave(1)).body.data;
    const returned = await as.lisi!.post(`/api/flow/tasks/${await taskOf(id, 'lisi')}/return`, { opinion: '请补充说明', targetNodeId: 'start' });
    expect(returned.status).toBe(200);
    expect(await status(id)).toBe('returned');
    const back = (await as.zhangsan!.get<{ rows: { instanceId: string; id: string }[] }>('/api/flow/task/back?pageSize=100')).body.data.rows;
    const row = back.find((r) => r.instanceId === id)!;
    expect(row).toBeTruthy();
    expect((await as.zhangsan!.post(`/api/flow/tasks/${row.id}/approve`, { opinion: '已补充' })).status).toBe(200);
    expect(await status(id)).toBe('running');
    expect(await taskOf(id, 'lisi')).toBeTruthy();
  });

  it('asks for the next handlers when 同意 leads to a node whose handlers are chosen (the returned 用印)', async () => {
    const back = (await as.zhangsan!.get<{ rows: { instanceId: string; id: string; definitionName: string }[] }>('/api/flow/task/back?pageSize=100')).body.data.rows;
    const seal = back.find((r) => r.definitionName === '用印')!;
    const detail = (await as.zhangsan!.get<{ abilities: { nextChosenNode: string | null } }>(`/api/flow/instances/${seal.instanceId}`)).body.data;
    expect(detail.abilities.nextChosenNode).toBe('审核人审批');
    const without = await as.zhangsan!.post(`/api/flow/tasks/${seal.id}/approve`, { opinion: '已核对' });
    expect([without.status, without.body.msg]).toEqual([400, '请选择「审核人审批」的处理人']);
    const lisiId = (await as.lisi!.get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo.id;
    expect((await as.zhangsan!.post(`/api/flow/tasks/${seal.id}/approve`, { opinion: '已核对', chosenAssignees: [lisiId] })).status).toBe(200);
    expect(await taskOf(seal.instanceId, 'lisi')).toBeTruthy();
  });

  it('transfers a task to another person (已转办) but not to oneself', async () => {
    const { id } = (await leave(1)).body.data;
    const task = await taskOf(id, 'lisi');
    const zhaoliuId = (await as.zhaoliu!.get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo.id;
    const lisiId = (await as.lisi!.get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo.id;
    expect((await as.lisi!.post(`/api/flow/tasks/${task}/transfer`, { toUserId: lisiId })).body.msg).toBe('不能转办给自己');
    expect((await as.lisi!.post(`/api/flow/tasks/${task}/transfer`, { toUserId: zhaoliuId, opinion: '请代为处理' })).status).toBe(200);
    expect(await taskOf(id, 'zhaoliu')).toBeTruthy();
    const transferred = (await as.lisi!.get<{ rows: { instanceId: string }[] }>('/api/flow/task/transfer?pageSize=100')).body.data.rows;
    expect(transferred.some((r) => r.instanceId === id)).toBe(true);
  });

  it('adds a signer next to the handler (加签); on a 或签 node the first approval completes it, with attachments in the trace', async () => {
    const { id } = (await leave(1)).body.data;
    const zhaoliuId = (await as.zhaoliu!.get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo.id;
    expect((await as.lisi!.post(`/api/flow/tasks/${await taskOf(id, 'lisi')}/add-signer`, { userIds: [zhaoliuId] })).status).toBe(200);
    const extra = await taskOf(id, 'zhaoliu');
    expect(extra).toBeTruthy();
    // a real upload of the one attaching it: made-up or foreign file ids are refused (files-access.test.ts)
    const upload = new FormData();
    upload.append('file', new Blob(['核对说明']), '核对说明.txt');
    const [uploaded] = (await as.zhaoliu!.post<{ fileName: string; attachName: string }[]>('/api/form/common/file/upload', upload)).body.data;
    const file = { fileName: uploaded!.fileName, attachName: '核对说明.txt' };
    expect((await as.zhaoliu!.post(`/api/flow/tasks/${extra}/approve`, { opinion: '核对无误', attachments: [file] })).status).toBe(200);
    const detail = (await as.zhangsan!.get<{ status: string; trace: { action: string; attachments: unknown[] }[] }>(`/api/flow/instances/${id}`)).body.data;
    expect(detail.status).toBe('approved');
    expect(detail.trace.find((t) => t.action === 'approve')?.attachments).toEqual([file]);
    expect(detail.trace.some((t) => t.action === 'add-signer')).toBe(true);
  });

  it('allows 撤回 until a handler has acted', async () => {
    const early = (await leave(1)).body.data.id;
    expect((await as.zhangsan!.post(`/api/flow/instances/${early}/withdraw`)).status).toBe(200);
    expect(await status(early)).toBe('withdrawn');
    const expense = await as.zhangsan!.post<{ id: string }>('/api/flow/instances', { definitionId: defs.expense, formData: { expenseType: 'travel', amount: 100, occurredOn: '2026-11-01', description: '打车' } });
    await as.lisi!.post(`/api/flow/tasks/${await taskOf(expense.body.data.id, 'lisi')}/approve`, { opinion: '同意' });
    const late = await as.zhangsan!.post(`/api/flow/instances/${expense.body.data.id}/withdraw`);
    expect([late.status, late.body.msg]).toEqual([409, '已有人处理，不能撤回']);
    expect((await as.wangwu!.post(`/api/flow/instances/${expense.body.data.id}/withdraw`)).status).toBe(403);
  });

  it('applies an approval sent twice with the same Idempotency-Key once, with the same answer', async () => {
    const { id } = (await leave(1)).body.data;
    const task = await taskOf(id, 'lisi');
    const key = randomUUID();
    const first = await as.lisi!.post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' }, { 'Idempotency-Key': key });
    const second = await as.lisi!.post(`/api/flow/tasks/${task}/approve`, { opinion: '同意' }, { 'Idempotency-Key': key });
    expect(second.body).toEqual(first.body);
    const [logs] = await server.database.db.select({ n: count() }).from(flowLogs).where(and(eq(flowLogs.instanceId, id), eq(flowLogs.action, 'approve')));
    expect(toCount(logs?.n)).toBe(1);
  });

  it('advances a 或签 node exactly once when both signers approve at the same moment', async () => {
    const doc = await as.lisi!.post<{ id: string }>('/api/flow/instances', {
      definitionId: defs.document,
      formData: { docTitle: `并发签发${randomUUID().slice(0, 4)}`, urgency: '1', content: '并发测试' },
    });
    const id = doc.body.data.id;
    await as.chenjianguo!.post(`/api/flow/tasks/${await taskOf(id, 'chenjianguo')}/approve`, { opinion: '核稿同意' });
    // both tasks are looked up first: once one signer has approved, the other's task is no longer pending to find
    const [first, second] = await Promise.all([taskOf(id, 'chenjianguo'), taskOf(id, 'liuyang')]);
    const [a, b] = await Promise.all([
      as.chenjianguo!.post(`/api/flow/tasks/${first}/approve`, { opinion: '签发' }),
      as.liuyang!.post(`/api/flow/tasks/${second}/approve`, { opinion: '签发' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [signed] = await server.database.db.select({ n: count() }).from(flowLogs).where(and(eq(flowLogs.instanceId, id), eq(flowLogs.nodeId, 'leaders'), eq(flowLogs.action, 'approve')));
    expect(toCount(signed?.n)).toBe(1);
    expect(await status(id)).toBe('approved');
    const [open] = await server.database.db.select({ n: count() }).from(flowTasks).where(and(eq(flowTasks.instanceId, id), eq(flowTasks.status, 'pending')));
    expect(toCount(open?.n)).toBe(0);
  });

  it('lets an admin save a definition as data, checked before it is stored, as a new version', async () => {
    const code = `overtime-${driver}`;
    const definition = (nodes: unknown[]) => ({
      code, category: '人事', name: '加班', formSchema: [{ key: 'hours', label: '加班时长', type: 'number', required: true, min: 0.5 }],
      graph: { nodes },
    });
    const good = [
      { id: 'start', type: 'start', name: '发起', next: 'dept' },
      { id: 'dept', type: 'approval', name: '部门负责人审批', assignee: { type: 'deptHead' }, branches: [{ when: { field: 'hours', op: '>', value: 8 }, next: 'gm' }], next: 'end' },
      { id: 'gm', type: 'approval', name: '总经理审批', assignee: { type: 'post', post: 'general_manager' }, next: 'end' },
      { id: 'end', type: 'end', name: '结束' },
    ];
    expect((await as.zhangsan!.post('/api/flow/definitions', definition(good))).status).toBe(403);
    const broken = await as.admin!.post('/api/flow/definitions', definition(good.map((n) => (n.id === 'gm' ? { ...n, next: 'nowhere' } : n))));
    expect([broken.status, broken.body.msg]).toEqual([400, '节点「总经理审批」指向不存在的节点']);
    const badField = await as.admin!.post('/api/flow/definitions', definition(good.map((n) => (n.id === 'dept' ? { ...n, branches: [{ when: { field: 'days', op: '>', value: 1 }, next: 'gm' }] } : n))));
    expect([badField.status, badField.body.msg]).toEqual([400, '节点「部门负责人审批」的条件字段不存在']);
    const v1 = await as.admin!.post<{ id: string; version: number }>('/api/flow/definitions', definition(good));
    const v2 = await as.admin!.post<{ id: string; version: number }>('/api/flow/definitions', definition(good));
    expect([v1.body.data.version, v2.body.data.version]).toEqual([1, 2]);
    const catalogue = (await as.zhangsan!.get<{ id: string; code: string }[]>('/api/flow/definitions')).body.data.filter((d) => d.code === code);
    expect(catalogue.map((d) => d.id)).toEqual([v2.body.data.id]);
    const started = await as.zhangsan!.post<{ status: string }>('/api/flow/instances', { definitionId: v2.body.data.id, formData: { hours: 2 } });
    expect([started.status, started.body.data.status]).toEqual([200, 'running']);
  });

  it('runs parallel branches at once, joins when both are done, then needs every signer of a 会签 node', async () => {
    const started = await as.zhangsan!.post<{ id: string }>('/api/flow/instances', { definitionId: defs.purchase, formData: { items: '显示器 3 台', amount: 4500, neededBy: '2026-12-30' } });
    const id = started.body.data.id;
    await as.lisi!.post(`/api/flow/tasks/${await taskOf(id, 'lisi')}/approve`, { opinion: '同意' });
    const current = async () => (await as.zhangsan!.get<{ currentNodeNames: string[]; status: string }>(`/api/flow/instances/${id}`)).body.data;
    expect((await current()).currentNodeNames.sort()).toEqual(['信息部审核', '财务审核'].sort());
    const wuhao = api(server.baseUrl, await loginAs(server.baseUrl, 'wuhao', '123456'));
    // both branches sign at the same moment: the join lets the flow on exactly once
    const [finance, it] = await Promise.all([
      taskOf(id, 'yangfan').then((t) => as.yangfan!.post(`/api/flow/tasks/${t}/approve`, { opinion: '预算内' })),
      wuhao.get<{ myTaskId: string }>(`/api/flow/instances/${id}`).then((d) => wuhao.post(`/api/flow/tasks/${d.body.data.myTaskId}/approve`, { opinion: '型号合适' })),
    ]);
    expect([finance.status, it.status]).toEqual([200, 200]);
    expect((await current()).currentNodeNames).toEqual(['领导会签']);
    const [signTasks] = await server.database.db.select({ n: count() }).from(flowTasks).where(and(eq(flowTasks.instanceId, id), eq(flowTasks.nodeId, 'sign')));
    expect(toCount(signTasks?.n)).toBe(2);
    await as.chenjianguo!.post(`/api/flow/tasks/${await taskOf(id, 'chenjianguo')}/approve`, { opinion: '同意' });
    expect((await current()).status).toBe('running');
    await as.liuyang!.post(`/api/flow/tasks/${await taskOf(id, 'liuyang')}/approve`, { opinion: '同意' });
    expect((await current()).status).toBe('approved');
  });

  it('finds flows by a 2-character Chinese keyword and by category', async () => {
    const hits = (await as.zhangsan!.get<{ rows: { definitionName: string }[]; total: number }>(`/api/flow/task/search?keyword=${encodeURIComponent('请假')}&pageSize=100`)).body.data;
    expect(hits.total).toBeGreaterThan(0);
    expect(hits.rows.every((r) => r.definitionName === '请假')).toBe(true);
    const finance = (await as.zhangsan!.get<{ rows: { category: string }[] }>(`/api/flow/task/mine?category=${encodeURIComponent('财务')}&pageSize=100`)).body.data.rows;
    expect(finance.length).toBeGreaterThan(0);
    expect(finance.every((r) => r.category === '财务')).toBe(true);
    expect((await as.zhangsan!.get('/api/flow/task/nonsense')).status).toBe(404);
  });
});

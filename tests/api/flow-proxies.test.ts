import { afterEach, describe, expect, it } from 'vitest';
import type { FlowProxy } from '../../contract/flow-proxy';
import { eq } from 'drizzle-orm';
import { flowProxies } from '../../server/db/schema';
import { sweepProxies } from '../../server/modules/flow/proxy-sweep';
import { defId, flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 审批代理: a stand-in takes someone's approvals for a window, and gives back what is left when it ends. */
describe.each(drivers)('flow proxies on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail, list, taskOf, actOk } = flowClient(ctx);
  const setProxy = async (by: string, body: Record<string, unknown>) =>
    (await as(by)).post<FlowProxy>('/api/flow/proxies', { startAt: at(-HOUR), endAt: at(HOUR), ...body });
  const proxyOk = async (by: string, body: Record<string, unknown>) => {
    const answer = await setProxy(by, body);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const remove = async (by: string, id: string) => (await as(by)).delete(`/api/flow/proxies/${id}`);
  /** who holds the open task of a request, as its header names them */
  const holders = async (id: string) => (await detail('zhangsan', id)).currentHandlers;
  const todoRow = async (user: string, id: string) => (await list(user, 'todo')).rows.find((r) => r.instanceId === id);
  const leave = () => start('zhangsan', 'leave', forms.leave());

  // each test sets its own proxies; none may reach into the next one's requests
  afterEach(async () => {
    await ctx.server.database.db.delete(flowProxies);
  });

  it('refuses a bad proxy with a Chinese 400, never a 500', async () => {
    const stand = userId('wangwu');
    const cases: [Record<string, unknown>, string][] = [
      [{ proxyUserId: stand, startAt: at(HOUR), endAt: at(-HOUR) }, '结束时间须晚于开始时间'],
      [{ proxyUserId: stand, startAt: at(-2 * HOUR), endAt: at(-HOUR) }, '结束时间须晚于当前时间'],
      [{ proxyUserId: userId('lisi') }, '代理人不能是本人'],
      [{ proxyUserId: '00000000-0000-4000-8000-000000000000' }, '代理人不存在或已停用'],
      [{ proxyUserId: stand, endAt: at(400 * 24 * HOUR) }, '代理期限不能超过一年'],
      [{ proxyUserId: stand, startAt: '明天' }, '开始时间格式不正确'],
      [{ proxyUserId: 'nobody' }, '代理人ID格式不正确'],
      [{ proxyUserId: stand, definitionIds: ['00000000-0000-4000-8000-000000000000'] }, '所选流程不存在'],
    ];
    for (const [body, msg] of cases) {
      const answer = await setProxy('lisi', body);
      expect([answer.status, answer.body.msg], JSON.stringify(body)).toEqual([400, msg]);
    }
    await ctx.setStatus('zhoujie', 'disabled');
    try {
      const answer = await setProxy('lisi', { proxyUserId: userId('zhoujie') });
      expect([answer.status, answer.body.msg]).toEqual([400, '代理人不存在或已停用']);
    } finally {
      await ctx.setStatus('zhoujie', 'active');
    }
  });

  it('refuses a second proxy over the same time and flows, so who stands in is never left to chance', async () => {
    const all = await proxyOk('lisi', { proxyUserId: userId('sunqi') });
    const again = await setProxy('lisi', {
      proxyUserId: userId('zhaoliu'),
      startAt: at(HOUR / 2),
      endAt: at(2 * HOUR),
    });
    expect([again.status, again.body.msg]).toEqual([409, '该时间段内已有审批代理，请先取消或调整时间']);
    await proxyOk('lisi', { proxyUserId: userId('zhaoliu'), startAt: at(2 * HOUR), endAt: at(3 * HOUR) });
    expect((await remove('lisi', all.id)).status).toBe(200);
    await proxyOk('lisi', { proxyUserId: userId('sunqi'), definitionIds: [defId('expense')] });
    await proxyOk('lisi', { proxyUserId: userId('zhaoliu'), definitionIds: [defId('leave')] });
    const both = await setProxy('lisi', {
      proxyUserId: userId('zhoujie'),
      definitionIds: [defId('seal'), defId('leave')],
    });
    expect(both.status).toBe(409);
  });

  it('a stranger may not set one for someone else; a head may for their staff, and both people are told', async () => {
    const stranger = await setProxy('wangwu', { userId: userId('zhangsan'), proxyUserId: userId('zhaoliu') });
    expect([stranger.status, stranger.body.msg]).toEqual([403, '只能为本人或本部门人员设置审批代理']);
    // 李四 heads 张三's department; 陈建国 heads the headquarters above it
    const byHead = await proxyOk('lisi', { userId: userId('zhangsan'), proxyUserId: userId('zhaoliu') });
    expect([byHead.userName, byHead.proxyUserName, byHead.state]).toEqual(['张三', '赵六', 'active']);
    await proxyOk('chenjianguo', { userId: userId('sunqi'), proxyUserId: userId('zhaoliu') });
    for (const user of ['zhangsan', 'zhaoliu']) {
      const inbox = await (await as(user)).get<{ rows: { title: string }[] }>('/api/message/inbox?pageSize=100');
      expect(
        inbox.body.data.rows.some((m) => m.title === '审批代理'),
        user,
      ).toBe(true);
    }
    // the stand-in sees it but may not end it; a stranger cannot end it either
    const seen = await (await as('zhaoliu')).get<{ rows: FlowProxy[] }>('/api/flow/proxies');
    expect(seen.body.data.rows.find((p) => p.id === byHead.id)?.canDelete).toBe(false);
    expect((await remove('wangwu', byHead.id)).status).toBe(403);
    expect((await remove('zhangsan', byHead.id)).status).toBe(200);
  });

  it('routes new tasks to the stand-in while open; the trace and lists say 王五（代 李四）', async () => {
    const proxy = await proxyOk('lisi', { proxyUserId: userId('wangwu') });
    const id = await leave();
    expect(await holders(id)).toEqual(['王五（代 李四）']);
    expect(await todoRow('lisi', id)).toBeUndefined();
    const row = await todoRow('wangwu', id);
    expect(row?.onBehalfOfName).toBe('李四');
    expect((await list('zhangsan', 'mine')).rows.find((r) => r.instanceId === id)?.waitingOn).toEqual([
      '王五（代 李四）',
    ]);
    await actOk('wangwu', await taskOf('wangwu', id), 'approve', { opinion: '代为同意' });
    const d = await detail('lisi', id);
    const step = d.trace.find((e) => e.action === 'approve');
    expect([step?.actorName, step?.onBehalfOfName, step?.opinion]).toEqual(['王五', '李四', '代为同意']);
    expect(d.status).toBe('approved');
    expect((await list('wangwu', 'history')).rows.find((r) => r.instanceId === id)?.onBehalfOfName).toBe('李四');
    expect((await remove('lisi', proxy.id)).status).toBe(200);
  });

  it('includeWaiting moves the waiting tasks at once; deleting the proxy gives back what is unhandled', async () => {
    const id = await leave();
    expect(await holders(id)).toEqual(['李四']);
    const proxy = await proxyOk('lisi', { proxyUserId: userId('sunqi'), includeWaiting: true });
    expect(await holders(id)).toEqual(['孙琪（代 李四）']);
    expect((await remove('lisi', proxy.id)).status).toBe(200);
    expect(await holders(id)).toEqual(['李四']);
    expect((await todoRow('lisi', id))?.onBehalfOfName).toBeUndefined();
    await actOk('lisi', await taskOf('lisi', id), 'approve', { opinion: '回来了' });
  });

  it('a window that opens later takes the waiting tasks then, and gives them back when it closes', async () => {
    const id = await leave();
    await proxyOk('lisi', {
      proxyUserId: userId('sunqi'),
      includeWaiting: true,
      startAt: at(1500),
      endAt: at(4500),
    });
    expect(await holders(id)).toEqual(['李四']);
    await sleep(2000);
    // the first read after the window opened moves it (the sweep), and the stand-in's list shows it
    expect((await todoRow('sunqi', id))?.onBehalfOfName).toBe('李四');
    const during = await leave();
    expect(await holders(during)).toEqual(['孙琪（代 李四）']);
    await sleep(3000);
    expect(await holders(id)).toEqual(['李四']);
    expect(await holders(during)).toEqual(['李四']);
    expect(await todoRow('sunqi', during)).toBeUndefined();
    const ended = await (await as('lisi')).get<{ rows: FlowProxy[] }>('/api/flow/proxies');
    expect(ended.body.data.rows[0]?.state).toBe('ended');
  });

  it('two sweeps at once (two processes) hand an ended proxy’s tasks back once', async () => {
    const proxy = await proxyOk('lisi', { proxyUserId: userId('sunqi') });
    const id = await leave();
    expect(await holders(id)).toEqual(['孙琪（代 李四）']);
    // the window closed while nobody read a list: nothing has handed the task back yet
    const db = ctx.server.database.db;
    await db
      .update(flowProxies)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(flowProxies.id, proxy.id));
    const answers = await Promise.all([sweepProxies(db), sweepProxies(db)]);
    expect(answers.filter((ids) => ids.length > 0)).toHaveLength(1);
    expect(await sweepProxies(db)).toEqual([]);
    expect(await holders(id)).toEqual(['李四']);
  });

  it('a chain goes to its last link, never round in a loop', async () => {
    await proxyOk('lisi', { proxyUserId: userId('sunqi') });
    await proxyOk('sunqi', { proxyUserId: userId('zhaoliu') });
    await proxyOk('zhaoliu', { proxyUserId: userId('lisi') });
    const id = await leave();
    expect(await holders(id)).toEqual(['赵六（代 李四）']);
    await actOk('zhaoliu', await taskOf('zhaoliu', id), 'approve', { opinion: '' });
    const step = (await detail('zhangsan', id)).trace.find((e) => e.action === 'approve');
    expect([step?.actorName, step?.onBehalfOfName]).toEqual(['赵六', '李四']);
  });

  it('ending one link of a chain routes the task again from the person it was meant for', async () => {
    await proxyOk('lisi', { proxyUserId: userId('sunqi') });
    const middle = await proxyOk('sunqi', { proxyUserId: userId('zhaoliu') });
    const id = await leave();
    expect(await holders(id)).toEqual(['赵六（代 李四）']);
    expect((await remove('sunqi', middle.id)).status).toBe(200);
    expect(await holders(id)).toEqual(['孙琪（代 李四）']);
  });

  it('a node returned to after the proxy ended goes back to the person the stand-in approved for', async () => {
    const proxy = await proxyOk('lisi', { proxyUserId: userId('sunqi') });
    // over 3 days: 部门负责人 then 总经理
    const id = await start('zhangsan', 'leave', forms.leave(5));
    await actOk('sunqi', await taskOf('sunqi', id), 'approve', { opinion: '代为同意' });
    expect((await remove('lisi', proxy.id)).status).toBe(200);
    const [gm] = (await detail('zhangsan', id)).currentHandlers;
    const gmUser = { 陈建国: 'chenjianguo', 王强: 'wangqiang', 张伟: 'zhangwei' }[gm as '陈建国'];
    expect(gmUser, gm).toBeTruthy();
    const back = await (
      await as(gmUser)
    ).post(`/api/flow/tasks/${await taskOf(gmUser, id)}/return`, { opinion: '请补充', targetNodeId: 'dept' });
    expect(back.status, back.body.msg).toBe(200);
    expect(await holders(id)).toEqual(['李四']);
  });

  it('never gives a task to a disabled stand-in or to the applicant; only the chosen flows follow', async () => {
    await proxyOk('lisi', { proxyUserId: userId('zhangsan') });
    // 张三 applies: his own request stays with 李四; 赵六's goes to 张三
    expect(await holders(await leave())).toEqual(['李四']);
    const other = await start('zhaoliu', 'leave', forms.leave());
    expect((await detail('zhaoliu', other)).currentHandlers).toEqual(['张三（代 李四）']);
    await ctx.server.database.db.delete(flowProxies);

    await proxyOk('lisi', { proxyUserId: userId('zhoujie') });
    await ctx.setStatus('zhoujie', 'disabled');
    try {
      expect(await holders(await leave())).toEqual(['李四']);
    } finally {
      await ctx.setStatus('zhoujie', 'active');
    }
    await ctx.server.database.db.delete(flowProxies);

    await proxyOk('lisi', { proxyUserId: userId('sunqi'), definitionIds: [defId('expense')] });
    expect(await holders(await leave())).toEqual(['李四']);
  });
});

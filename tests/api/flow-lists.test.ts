import { describe, expect, it } from 'vitest';
import type { FlowCounts, FlowListRow } from '../../contract/flow';
import type { Badges } from '../../contract/message';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/**
 * Issue 10 points 5, 7 and 10: one statement gives every count and each equals its list's total; the home tile counts
 * 待办 only; a 加签 asker's waiting task stays in 待办, marked; cards carry the form's key fields, whom it waits on and
 * the time the list is sorted by; lists filter by process, status and dates; 抄送我 lists every copy, read or not.
 */
describe.each(drivers)('flow lists and counts on %s', (driver) => {
  const ctx = useServer(driver);
  const client = flowClient(ctx);
  const { as, start, detail, taskOf, actOk } = client;
  // the server sends every field (they are optional in the contract only for lists cached by older app versions)
  const counts = async (user: string) => (await client.counts(user)) as Required<FlowCounts>;
  const list = async (user: string, kind: string, query = '') => {
    const page = await client.list(user, kind, query);
    return {
      ...page,
      rows: page.rows as (FlowListRow & Required<Pick<FlowListRow, 'sortedAt' | 'summary' | 'waitingOn'>>)[],
    };
  };
  const total = async (user: string, kind: string, query = '') => (await list(user, kind, query)).total;

  /** the count that names each list, and the list it counts */
  async function expectCountsMatchLists(user: string) {
    const c = await counts(user);
    const totals = {
      todo: await total(user, 'todo'),
      unread: await total(user, 'unread'),
      history: await total(user, 'history'),
      read: await total(user, 'read'),
      transfer: await total(user, 'transfer'),
      back: await total(user, 'back'),
      mine: await total(user, 'mine'),
      running: await total(user, 'mine', '&status=running'),
      cc: await total(user, 'cc'),
    };
    expect({ ...totals, todo: totals.todo }, user).toEqual({
      todo: c.todo + c.waiting,
      unread: c.unread,
      history: c.history,
      read: c.read,
      transfer: c.transfer,
      back: c.back,
      mine: c.mine,
      running: c.running,
      cc: c.cc,
    });
    const badges = (await (await as(user)).get<Badges>('/api/message/badges')).body.data;
    // the 审批 tile counts what is to be acted on, not 待阅
    expect(badges.flow, `${user} 审批 tile`).toBe(c.todo);
  }

  it('every count equals its list total for several users, and the home tile counts 待办 only', async () => {
    const leave = await start('zhangsan', 'leave', forms.leave(2));
    await start('zhangsan', 'expense', forms.expense(300));
    await actOk('lisi', await taskOf('lisi', leave), 'approve', { opinion: '同意' });
    await (
      await as('zhangsan')
    ).post(`/api/flow/instances/${await start('zhangsan', 'leave', forms.leave(1))}/cc`, {
      userIds: [userId('wangwu')],
    });
    for (const user of ['zhangsan', 'lisi', 'wangwu', 'huangmin', 'yangfan']) await expectCountsMatchLists(user);
    // lisi has a seeded 待阅: the old tile added it into 审批
    const lisi = await counts('lisi');
    expect(lisi.unread).toBeGreaterThan(0);
    expect(lisi.running).toBeLessThanOrEqual(lisi.mine);
  });

  it('a keyword search says whether another page follows instead of counting every match', async () => {
    const keyword = `&keyword=${encodeURIComponent('请假')}`;
    while ((await list('zhangsan', 'mine', keyword)).rows.length < 12) await start('zhangsan', 'leave', forms.leave(1));
    const all = await list('zhangsan', 'mine', keyword);
    expect(all.total).toBe(all.rows.length);
    const first = await client.page('zhangsan', 'mine', `pageSize=5&pageNum=1${keyword}`);
    expect(first.rows).toHaveLength(5);
    expect(first.total).toBe(6);
    const lastPage = Math.ceil(all.rows.length / 5);
    const last = await client.page('zhangsan', 'mine', `pageSize=5&pageNum=${lastPage}${keyword}`);
    expect(last.total).toBe(all.rows.length);
    expect([...first.rows, ...last.rows].every((r) => (r as FlowListRow).definitionName === '请假')).toBe(true);
  });

  it('a 待办 keyword search pages through the same rows as 待办 itself, newest first, and finds a word of the form', async () => {
    const reason = `发烧就医-${Date.now()}`;
    const fever = await start('zhangsan', 'leave', forms.leave(1, reason));
    while ((await list('lisi', 'todo', `&keyword=${encodeURIComponent('请假')}`)).rows.length < 8)
      await start('zhangsan', 'leave', forms.leave(1));
    const leaves = (await list('lisi', 'todo')).rows.filter((r) => r.definitionName === '请假').map((r) => r.id);
    const paged: string[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const found = await client.page(
        'lisi',
        'todo',
        `pageSize=3&pageNum=${pageNum}&keyword=${encodeURIComponent('请假')}`,
      );
      paged.push(...found.rows.map((r) => (r as FlowListRow).id));
      // the total says only whether another page follows
      expect(found.total).toBe(paged.length + (paged.length < leaves.length ? 1 : 0));
      if (found.rows.length < 3 || paged.length === leaves.length) break;
    }
    expect(paged).toEqual(leaves);
    const byReason = await list('lisi', 'todo', `&keyword=${encodeURIComponent(reason)}`);
    expect(byReason.rows.map((r) => r.instanceId)).toEqual([fever]);
  });

  it('the asker of a 前加签 keeps the task in 待办, marked as waiting for the added people, and not batch-approvable', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(2));
    const before = await counts('lisi');
    await actOk('lisi', await taskOf('lisi', id), 'add-signer', {
      userIds: [userId('sunqi'), userId('zhoujie')],
      kind: 'before',
      signMode: 'all',
    });
    const row = (await list('lisi', 'todo')).rows.find((r) => r.instanceId === id);
    expect(row).toMatchObject({ waitingForSigners: true, quickApprove: false });
    const after = await counts('lisi');
    expect([after.todo, after.waiting]).toEqual([before.todo - 1, before.waiting + 1]);
    expect((await list('sunqi', 'todo')).rows.find((r) => r.instanceId === id)).toMatchObject({
      waitingForSigners: false,
      quickApprove: true,
    });
    await expectCountsMatchLists('lisi');
  });

  it('cards carry the key fields, whom a request waits on, and the time each list is sorted by', async () => {
    const leave = await start('zhangsan', 'leave', { ...forms.leave(2), leaveType: '3' });
    const expense = await start('zhangsan', 'expense', forms.expense(1234.5));
    const leaveRow = (await list('lisi', 'todo')).rows.find((r) => r.instanceId === leave)!;
    expect(leaveRow.summary.map((s) => s.label)).toEqual(['请假类型', '请假时间', '请假天数']);
    expect(leaveRow.summary[1]!.text).toMatch(/^2026-11-30 至 2026-12-01$/);
    expect(leaveRow.summary[2]!.text).toBe('2');
    expect(leaveRow.summary[0]!.text).not.toBe('3');
    const expenseRow = (await list('zhangsan', 'mine')).rows.find((r) => r.instanceId === expense)!;
    expect(expenseRow.summary).toContainEqual({ label: '报销金额', text: '¥1,234.50' });
    expect(expenseRow.waitingOn).toEqual(['李四']);

    // 已办 is sorted by the handled time and shows it: the one approved last is on top though it was started first
    await actOk('lisi', await taskOf('lisi', expense), 'approve', { opinion: '同意' });
    await actOk('lisi', await taskOf('lisi', leave), 'approve', { opinion: '同意' });
    const history = (await list('lisi', 'history')).rows;
    expect(history[0]!.instanceId).toBe(leave);
    expect(history[0]!.sortedAt).toBe(history[0]!.handledAt);
    const times = history.map((r) => r.sortedAt);
    expect(times).toEqual([...times].sort().reverse());
    // 我发起的 is sorted by submit time and shows it, not the finishing time
    const mine = (await list('zhangsan', 'mine')).rows;
    expect(mine.map((r) => r.sortedAt)).toEqual(mine.map((r) => r.createdAt));
    expect(mine.find((r) => r.instanceId === expense)!.waitingOn).toEqual(['杨帆']);
  });

  it('batch-approvable only where 同意 needs no input (财务审核 asks an opinion)', async () => {
    const expense = await start('zhangsan', 'expense', forms.expense(200));
    await actOk('lisi', await taskOf('lisi', expense), 'approve', { opinion: '同意' });
    expect((await list('yangfan', 'todo')).rows.find((r) => r.instanceId === expense)).toMatchObject({
      quickApprove: false,
    });
    const leave = await start('zhangsan', 'leave', forms.leave(1));
    expect((await list('lisi', 'todo')).rows.find((r) => r.instanceId === leave)).toMatchObject({ quickApprove: true });
  });

  it('filters by process, status and date range on the server', async () => {
    const leave = await start('zhangsan', 'leave', forms.leave(1));
    const expense = await start('zhangsan', 'expense', forms.expense(50));
    await (await as('zhangsan')).post(`/api/flow/instances/${expense}/withdraw`);
    const leaves = await list('zhangsan', 'mine', '&code=leave');
    expect(leaves.rows.every((r) => r.definitionName === '请假')).toBe(true);
    expect(leaves.rows.some((r) => r.instanceId === leave)).toBe(true);
    const withdrawn = await list('zhangsan', 'mine', '&status=withdrawn');
    expect(withdrawn.rows.map((r) => r.status)).toEqual(withdrawn.rows.map(() => 'withdrawn'));
    expect(withdrawn.rows.some((r) => r.instanceId === expense)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await list('zhangsan', 'mine', `&from=${today}&to=${today}&code=expense`)).rows.some(
        (r) => r.instanceId === expense,
      ),
    ).toBe(true);
    expect((await list('zhangsan', 'mine', '&from=2020-01-01&to=2020-01-31')).total).toBe(0);
    const bad = await (await as('zhangsan')).get('/api/flow/task/mine?status=bogus');
    expect([bad.status, bad.body.msg]).toEqual([400, '状态不正确']);
  });

  it('抄送我 lists every copy with its read state; reading it keeps it there and drops the unread count', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(1));
    await (await as('zhangsan')).post(`/api/flow/instances/${id}/cc`, { userIds: [userId('zhaoliu')] });
    const before = await counts('zhaoliu');
    const row = (await list('zhaoliu', 'cc')).rows.find((r) => r.instanceId === id)!;
    expect(row.read).toBe(false);
    expect((await (await as('zhaoliu')).post(`/api/flow/reads/${row.id}/read`)).status).toBe(200);
    expect((await list('zhaoliu', 'cc')).rows.find((r) => r.instanceId === id)!.read).toBe(true);
    const after = await counts('zhaoliu');
    expect([after.unread, after.cc]).toEqual([before.unread - 1, before.cc]);
    await expectCountsMatchLists('zhaoliu');
    expect((await detail('zhaoliu', id)).myReadId).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { FlowListKind } from '../../contract/flow';
import { demoId } from '../../server/db/seed/demo-ids';
import { flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** The engine's plans as the service applies them: who gets work back, paging totals, the demo lists, live counts. */
describe.each(drivers)('flow engine through the service on %s', (driver) => {
  const ctx = useServer(driver);
  const { detail, taskOf, counts, page, start, actOk: act } = flowClient(ctx);
  const list = (user: string, kind: FlowListKind, query = '') => page(user, kind, query);
  const expense = (amount: number) => start('zhangsan', 'expense', forms.expense(amount));

  it('gives every demo account rows in its main lists', async () => {
    for (const user of ['admin', 'zhangsan', 'lisi', 'wangwu']) {
      for (const kind of ['todo', 'unread', 'history', 'read', 'mine'] as const) {
        expect((await list(user, kind)).total, `${user} ${kind}`).toBeGreaterThan(0);
      }
    }
    expect((await list('zhangsan', 'transfer')).total).toBeGreaterThan(0);
    expect((await list('wangwu', 'transfer')).total).toBeGreaterThan(0);
  });

  it('returns to an earlier node to the person who approved there, even after a transfer', async () => {
    const id = await expense(800);
    await act('lisi', await taskOf('lisi', id), 'transfer', { toUserId: demoId('user:zhaoliu'), opinion: '请代批' });
    await act('zhaoliu', await taskOf('zhaoliu', id), 'approve', { opinion: '同意' });
    await act('yangfan', await taskOf('yangfan', id), 'return', { opinion: '发票抬头不对', targetNodeId: 'dept' });
    const after = await detail('zhangsan', id);
    expect(after.currentHandlers).toEqual(['赵六']);
    expect((await list('lisi', 'todo')).rows.some((r) => r.instanceId === id)).toBe(false);
    // approving again sends it on to finance as before
    await act('zhaoliu', await taskOf('zhaoliu', id), 'approve', { opinion: '已核对' });
    expect((await detail('zhangsan', id)).currentHandlers).toEqual(['杨帆']);
  });

  it('pages with a stable total, and still knows the total on a page past the end', async () => {
    for (let n = 0; n < 3; n += 1) await expense(100 + n);
    const first = await list('lisi', 'todo', 'pageSize=2&pageNum=1');
    const second = await list('lisi', 'todo', 'pageSize=2&pageNum=2');
    expect(first.rows).toHaveLength(2);
    expect(second.total).toBe(first.total);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(first.rows.length + second.rows.length);
    const beyond = await list('lisi', 'todo', `pageSize=2&pageNum=${Math.ceil(first.total / 2) + 1}`);
    expect(beyond).toEqual({ rows: [], total: first.total });
    const none = await list('lisi', 'todo', `keyword=${encodeURIComponent('不存在的标题')}`);
    expect(none).toEqual({ rows: [], total: 0 });
  });

  it('counts follow a 驳回 for every handler of a parallel review', async () => {
    const id = await start('zhangsan', 'purchase', forms.purchase());
    await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    const wuhaoBefore = await counts('wuhao');
    await act('yangfan', await taskOf('yangfan', id), 'reject', { opinion: '暂缓采购' });
    expect((await counts('wuhao')).todo).toBe(wuhaoBefore.todo - 1);
    expect((await detail('zhangsan', id)).status).toBe('rejected');
  });
});

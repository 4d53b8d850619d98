import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flowTasks } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { defId, flowClient } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

// Process graphs beyond the seeded straight lines: a definition saved as data, parallel branches and a 会签 node.
describe.each(drivers)('flow graphs over HTTP on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, act, taskOf } = flowClient(ctx);
  const db = () => ctx.server.database.db;

  it('lets an admin save a definition as data, checked before it is stored, as a new version', async () => {
    const code = `overtime-${driver}`;
    const definition = (nodes: unknown[]) => ({
      code,
      category: '人事',
      name: '加班',
      formSchema: [{ key: 'hours', label: '加班时长', type: 'number', required: true, min: 0.5 }],
      graph: { nodes },
    });
    const good = [
      { id: 'start', type: 'start', name: '发起', next: 'dept' },
      {
        id: 'dept',
        type: 'approval',
        name: '部门负责人审批',
        assignee: { type: 'deptHead' },
        branches: [{ when: { field: 'hours', op: '>', value: 8 }, next: 'gm' }],
        next: 'end',
      },
      {
        id: 'gm',
        type: 'approval',
        name: '总经理审批',
        assignee: { type: 'post', post: 'general_manager' },
        next: 'end',
      },
      { id: 'end', type: 'end', name: '结束' },
    ];
    expect((await (await as('zhangsan')).post('/api/flow/definitions', definition(good))).status).toBe(403);
    const broken = await (
      await as('admin')
    ).post('/api/flow/definitions', definition(good.map((n) => (n.id === 'gm' ? { ...n, next: 'nowhere' } : n))));
    expect([broken.status, broken.body.msg]).toEqual([400, '节点「总经理审批」指向不存在的节点']);
    const badField = await (
      await as('admin')
    ).post(
      '/api/flow/definitions',
      definition(
        good.map((n) =>
          n.id === 'dept' ? { ...n, branches: [{ when: { field: 'days', op: '>', value: 1 }, next: 'gm' }] } : n,
        ),
      ),
    );
    expect([badField.status, badField.body.msg]).toEqual([400, '节点「部门负责人审批」的条件字段不存在']);
    const v1 = await (
      await as('admin')
    ).post<{ id: string; version: number }>('/api/flow/definitions', definition(good));
    const v2 = await (
      await as('admin')
    ).post<{ id: string; version: number }>('/api/flow/definitions', definition(good));
    expect([v1.body.data.version, v2.body.data.version]).toEqual([1, 2]);
    const catalogue = (
      await (await as('zhangsan')).get<{ id: string; code: string }[]>('/api/flow/definitions')
    ).body.data.filter((d) => d.code === code);
    expect(catalogue.map((d) => d.id)).toEqual([v2.body.data.id]);
    const started = await (
      await as('zhangsan')
    ).post<{ status: string }>('/api/flow/instances', { definitionId: v2.body.data.id, formData: { hours: 2 } });
    expect([started.status, started.body.data.status]).toEqual([200, 'running']);
  });

  it('runs parallel branches at once, joins when both are done, then needs every signer of a 会签 node', async () => {
    const started = await (
      await as('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('purchase'),
      formData: { items: '显示器 3 台', amount: 4500, neededBy: '2026-12-30' },
    });
    const id = started.body.data.id;
    await (await as('lisi')).post(`/api/flow/tasks/${await taskOf('lisi', id)}/approve`, { opinion: '同意' });
    const current = async () =>
      (await (await as('zhangsan')).get<{ currentNodeNames: string[]; status: string }>(`/api/flow/instances/${id}`))
        .body.data;
    expect((await current()).currentNodeNames.sort()).toEqual(['信息部审核', '财务审核'].sort());
    // both branches sign at the same moment: the join lets the flow on exactly once
    const [financeTask, itTask] = [await taskOf('yangfan', id), await taskOf('wuhao', id)];
    const [finance, it] = await Promise.all([
      act('yangfan', financeTask, 'approve', { opinion: '预算内' }),
      act('wuhao', itTask, 'approve', { opinion: '型号合适' }),
    ]);
    expect([finance.status, it.status]).toEqual([200, 200]);
    expect((await current()).currentNodeNames).toEqual(['领导会签']);
    const [signTasks] = await db()
      .select({ n: count() })
      .from(flowTasks)
      .where(and(eq(flowTasks.instanceId, id), eq(flowTasks.nodeId, 'sign')));
    expect(toCount(signTasks?.n)).toBe(2);
    await (
      await as('chenjianguo')
    ).post(`/api/flow/tasks/${await taskOf('chenjianguo', id)}/approve`, { opinion: '同意' });
    expect((await current()).status).toBe('running');
    await (await as('liuyang')).post(`/api/flow/tasks/${await taskOf('liuyang', id)}/approve`, { opinion: '同意' });
    expect((await current()).status).toBe('approved');
  });
});

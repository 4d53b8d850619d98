import { describe, expect, it } from 'vitest';
import type { InstanceDetail } from '../../contract/flow';
import { flowClient, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 自动通过: per definition, a node passes by itself when its rules say so, each pass a trace step with its reason. */
describe.each(drivers)('flow auto-pass on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, detail, taskOf, actOk } = flowClient(ctx);

  /** Saves a definition as admin and answers its id. */
  async function define(code: string, nodes: unknown[], autoPass?: Record<string, unknown>) {
    const answer = await (
      await as('admin')
    ).post<{ id: string }>('/api/flow/definitions', {
      code: `${code}-${driver}`,
      category: '测试',
      name: code,
      formSchema: [{ key: 'hours', label: '时长', type: 'number', required: true, min: 0.5 }],
      graph: { nodes, ...(autoPass ? { autoPass } : {}) },
    });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  }
  const startAs = async (user: string, definitionId: string) => {
    const answer = await (
      await as(user)
    ).post<{ id: string }>('/api/flow/instances', { definitionId, formData: { hours: 2 } });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const approval = (id: string, next: string, assignee: unknown) => ({
    id,
    type: 'approval',
    name: `${id}审批`,
    assignee,
    next,
  });
  const steps = (d: InstanceDetail) =>
    d.trace.filter((e) => e.action !== 'submit').map((e) => [e.nodeName, e.actorName, e.action, e.opinion]);

  const chain = [
    { id: 'start', type: 'start', name: '发起', next: 'a' },
    approval('a', 'b', { type: 'users', userIds: [userId('lisi')] }),
    approval('b', 'c', { type: 'users', userIds: [userId('lisi')] }),
    approval('c', 'd', { type: 'deptHead' }),
    approval('d', 'end', { type: 'users', userIds: [userId('zhoujie')] }),
    { id: 'end', type: 'end', name: '结束' },
  ];

  it('the same approver on the next nodes passes once; the applicant as approver passes', async () => {
    const definitionId = await define('autopass', chain, { applicant: true, repeated: true, empty: 'refuse' });
    // 张三 applies: 李四 approves a, then b (李四 again) and c (张三's head 李四) pass by themselves
    const first = await startAs('zhangsan', definitionId);
    await actOk('lisi', await taskOf('lisi', first), 'approve', { opinion: '同意' });
    const repeated = '系统自动通过：与上一环节审批人相同';
    expect(steps(await detail('zhangsan', first))).toEqual([
      ['a审批', '李四', 'approve', '同意'],
      ['b审批', '李四', 'auto-approve', repeated],
      ['c审批', '李四', 'auto-approve', repeated],
    ]);
    expect((await detail('zhangsan', first)).currentHandlers).toEqual(['周杰']);
    // 李四 applies: a and b name him, so they pass; c goes to the head above him
    const own = await startAs('lisi', definitionId);
    const d = await detail('lisi', own);
    expect(steps(d).map((s) => [s[0], s[2], s[3]])).toEqual([
      ['a审批', 'auto-approve', '系统自动通过：审批人是申请人'],
      ['b审批', 'auto-approve', '系统自动通过：审批人是申请人'],
    ]);
    expect(d.currentHandlers).toEqual(['陈建国']);
  });

  it('a node nobody can handle passes, goes to the admins, or is refused, as the definition says', async () => {
    const lone = (code: string, empty: string) =>
      define(
        code,
        [
          { id: 'start', type: 'start', name: '发起', next: 'x' },
          approval('x', 'end', { type: 'users', userIds: [userId('zhoujie')] }),
          { id: 'end', type: 'end', name: '结束' },
        ],
        { empty },
      );
    const passing = await lone('empty-pass', 'pass');
    const toAdmin = await lone('empty-admin', 'admin');
    const refusing = await lone('empty-refuse', 'refuse');
    await ctx.setStatus('zhoujie', 'disabled');
    try {
      const passed = await detail('zhangsan', await startAs('zhangsan', passing));
      expect(passed.status).toBe('approved');
      expect(steps(passed)).toEqual([['x审批', '张三', 'auto-approve', '系统自动通过：该环节没有处理人']]);
      expect((await detail('zhangsan', await startAs('zhangsan', toAdmin))).currentHandlers).toEqual(['系统管理员']);
      const refused = await (
        await as('zhangsan')
      ).post('/api/flow/instances', { definitionId: refusing, formData: { hours: 2 } });
      expect([refused.status, refused.body.msg]).toEqual([400, '「x审批」没有可用的处理人，请联系管理员']);
    } finally {
      await ctx.setStatus('zhoujie', 'active');
    }
  });

  it('refuses an unknown rule in Chinese', async () => {
    const answer = await (
      await as('admin')
    ).post('/api/flow/definitions', {
      code: `bad-auto-${driver}`,
      category: '测试',
      name: 'bad',
      formSchema: [{ key: 'hours', label: '时长', type: 'number', required: true, min: 0.5 }],
      graph: { nodes: chain, autoPass: { empty: 'skip' } },
    });
    expect([answer.status, answer.body.msg]).toEqual([400, '无处理人时的处理方式不正确']);
  });
});

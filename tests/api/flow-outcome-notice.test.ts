import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../contract/message';
import { flowClient, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** Issue 47 point 4: the applicant hears the end of their request as its outcome, apart from the steps on the way. */
describe.each(drivers)('the applicant’s 已通过 / 已驳回 notice on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, taskOf, actOk } = flowClient(ctx);
  let definitionId = '';
  const told = async (id: string) =>
    (await (await as('zhangsan')).get<{ rows: InboxMessage[] }>('/api/message/inbox?pageSize=100')).body.data.rows
      .filter((m) => m.link === `/followStartDetail?instanceId=${id}`)
      .map((m) => ({ title: m.title, content: m.content, source: m.source }))
      .reverse();
  const start = async (of = definitionId) => {
    const answer = await (
      await as('zhangsan')
    ).post<{ id: string; status: string }>('/api/flow/instances', { definitionId: of, formData: { note: '去上海' } });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };

  const node = (id: string, user: string, next: string) => ({
    id,
    type: 'approval',
    name: `${id}审批`,
    assignee: { type: 'users', userIds: [userId(user)] },
    next,
  });
  /** Saves a process of approvals in a line (code, name, approvers, 自动通过 rules) as an admin; answers its id. */
  const define = async (code: string, name: string, approvers: string[], autoPass?: Record<string, unknown>) => {
    const ids = approvers.map((_, i) => `n${i}`);
    const saved = await (
      await as('admin')
    ).post<{ id: string }>('/api/flow/definitions', {
      code: `${code}-${driver}`,
      category: '行政',
      name,
      formSchema: [{ key: 'note', label: '说明', type: 'text', required: true }],
      graph: {
        nodes: [
          { id: 'start', type: 'start', name: '发起', next: ids[0] },
          ...approvers.map((user, i) => node(ids[i]!, user, ids[i + 1] ?? 'end')),
          { id: 'end', type: 'end', name: '结束' },
        ],
        ...(autoPass ? { autoPass } : {}),
      },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    return saved.body.data.id;
  };

  // a process of two approvals (李四, then 王五)
  beforeAll(async () => {
    definitionId = await define('trip', '出差', ['lisi', 'wangwu']);
  });

  it('a step on the way is told as the decision; the last 同意 as 你的「出差」已通过, from 审批', async () => {
    const { id } = await start();
    await actOk('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    expect(await told(id)).toEqual([
      { title: '同意：张三的出差', content: '李四同意了你的申请「张三的出差」', source: 'flow' },
    ]);
    await actOk('wangwu', await taskOf('wangwu', id), 'approve', { opinion: '同意' });
    expect((await told(id))[1]).toEqual({
      title: '你的「出差」已通过',
      content: '你的申请「张三的出差」已通过（王五同意）',
      source: 'flow',
    });
  });

  it('a 驳回 ends the request: 你的「出差」已驳回', async () => {
    const { id } = await start();
    await actOk('lisi', await taskOf('lisi', id), 'reject', { opinion: '行程不合理' });
    expect(await told(id)).toEqual([
      { title: '你的「出差」已驳回', content: '你的申请「张三的出差」已驳回（李四驳回）', source: 'flow' },
    ]);
  });

  it('a request that passes by itself at 提交 is told 你的「外出」已通过 as well', async () => {
    // 张三 approves his own 外出 by the applicant rule: no decision by anyone else ends it
    const passing = await start(await define('self-out', '外出', ['zhangsan', 'zhangsan'], { applicant: true }));
    expect(passing.status).toBe('approved');
    expect(await told(passing.id)).toEqual([
      { title: '你的「外出」已通过', content: '你的申请「张三的外出」已通过（系统自动通过）', source: 'flow' },
    ]);
    // a pass that leaves the request waiting for 李四 tells nothing yet
    const waiting = await start(await define('self-then-lisi', '外勤', ['zhangsan', 'lisi'], { applicant: true }));
    expect(waiting.status).toBe('running');
    expect(await told(waiting.id)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flowReads, flowTasks } from '../../server/db/schema';
import { flowClient } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/**
 * Two handlers acting at the same moment. The real race needs PostgreSQL (several pooled connections, row locks);
 * PGlite runs them one after another, which must give the same outcome.
 */
describe.each(drivers)('flow concurrency on %s', (driver) => {
  const ctx = useServer(driver);
  const { start, detail, taskOf, act, list } = flowClient(ctx);

  const approve = (user: string, taskId: string, opinion = '同意') => act(user, taskId, 'approve', { opinion });
  const tasksOn = async (instanceId: string, nodeId: string) =>
    ctx.server.database.db
      .select()
      .from(flowTasks)
      .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.nodeId, nodeId)));
  const readsOf = async (instanceId: string) =>
    ctx.server.database.db.select().from(flowReads).where(eq(flowReads.instanceId, instanceId));

  it('或签 (发文 领导签发): two leaders approve at once → exactly one wins, the document advances once', async () => {
    for (let round = 0; round < 2; round += 1) {
      const id = await start('zhangsan', 'document', {
        docTitle: `关于并发签发的通知-${randomUUID().slice(0, 8)}`,
        urgency: '2',
        content: '并发测试',
      });
      expect((await approve('lisi', await taskOf('lisi', id), '核稿通过')).status).toBe(200);
      expect((await detail('zhangsan', id)).currentNodeNames).toEqual(['领导签发']);
      const [a, b] = await Promise.all([taskOf('chenjianguo', id), taskOf('liuyang', id)]);
      const answers = await Promise.all([approve('chenjianguo', a, '同意签发'), approve('liuyang', b, '同意签发')]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, answers.map((r) => r.body.msg).join(' / ')).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.msg).toBe('该待办已被处理');
      const d = await detail('zhangsan', id);
      expect(d.status).toBe('approved');
      expect(d.trace.filter((e) => e.nodeName === '领导签发' && e.action === 'approve')).toHaveLength(1);
      expect((await tasksOn(id, 'leaders')).filter((t) => t.status === 'done')).toHaveLength(1);
      expect((await tasksOn(id, 'leaders')).filter((t) => t.status === 'pending')).toHaveLength(0);
      // the copy nodes ran once: one 待阅 / 收文 per person
      const reads = await readsOf(id);
      const perUser = new Set(reads.map((r) => `${r.userId}:${r.kind}`));
      expect(perUser.size).toBe(reads.length);
      expect((await list('xuli', 'unread')).rows.filter((r) => r.instanceId === id)).toHaveLength(1);
    }
  });

  it('并行 branches finishing at once reach the join once; 会签 approvals at once both succeed and complete the node once', async () => {
    for (let round = 0; round < 2; round += 1) {
      const id = await start('zhangsan', 'purchase', {
        items: `显示器-${randomUUID().slice(0, 8)}`,
        amount: 2999,
        neededBy: '2026-12-30',
      });
      expect((await approve('lisi', await taskOf('lisi', id))).status).toBe(200);
      expect((await detail('zhangsan', id)).currentNodeNames.sort()).toEqual(['信息部审核', '财务审核'].sort());
      const [fin, it2] = await Promise.all([taskOf('yangfan', id), taskOf('wuhao', id)]);
      const branch = await Promise.all([approve('yangfan', fin), approve('wuhao', it2)]);
      expect(
        branch.map((r) => r.status),
        branch.map((r) => r.body.msg).join(' / '),
      ).toEqual([200, 200]);
      expect((await detail('zhangsan', id)).currentNodeNames).toEqual(['领导会签']);
      expect(await tasksOn(id, 'sign')).toHaveLength(2);

      const [a, b] = await Promise.all([taskOf('chenjianguo', id), taskOf('liuyang', id)]);
      const answers = await Promise.all([approve('chenjianguo', a), approve('liuyang', b)]);
      expect(
        answers.map((r) => r.status),
        answers.map((r) => r.body.msg).join(' / '),
      ).toEqual([200, 200]);
      const d = await detail('zhangsan', id);
      expect(d.status).toBe('approved');
      expect(d.trace.filter((e) => e.nodeName === '领导会签' && e.action === 'approve')).toHaveLength(2);
      expect(d.trace.filter((e) => e.action === 'approve')).toHaveLength(5);
      const sign = await tasksOn(id, 'sign');
      expect(sign.map((t) => t.status)).toEqual(['done', 'done']);
    }
  });
});

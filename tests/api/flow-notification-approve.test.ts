import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { NotificationApproveResult } from '../../contract/flow';
import type { PushPayload } from '../../contract/push';
import { flowActionTokens, flowLogs } from '../../server/db/schema';
import { defId, flowClient, forms } from '../factories/flow-client';
import { startPushReceiver } from '../factories/push-receiver';
import { drivers, useServer } from './support/server';

const pushService = await startPushReceiver();
afterAll(() => pushService.close());

/** 同意 from a 待办 notification: the push's one-time action token, no session, one Idempotency-Key per notification. */
describe.each(drivers)('同意 from a notification on %s', (driver) => {
  const ctx = useServer(driver, { env: { PUSH_ENDPOINT_ALLOWLIST: pushService.origin } });
  const { as, detail, status } = flowClient(ctx);
  const devices = new Map<string, string>();

  /** this person's phone at the local push service, subscribed once */
  const phoneOf = async (user: string) => {
    if (!devices.has(user)) {
      const phone = pushService.subscribe();
      const answer = await (await as(user)).post('/api/push/subscriptions', phone.json);
      expect(answer.status, answer.body.msg).toBe(200);
      devices.set(user, phone.name);
    }
    return devices.get(user)!;
  };
  /** the push the user's phone got for the instance's 待办 reminder */
  const pushFor = async (user: string, instanceId: string) => {
    const device = await phoneOf(user);
    const find = () =>
      pushService.received
        .filter((p) => p.device === device)
        .map((p) => p.payload as PushPayload)
        .find((p) => p.url === `/followWaitDetail?instanceId=${instanceId}`);
    await expect.poll(find, { timeout: 20_000 }).toBeTruthy();
    return find()!;
  };
  const start = async (user: string, code: string, formData: Record<string, unknown>) => {
    const answer = await (
      await as(user)
    ).post<{ id: string }>('/api/flow/instances', { definitionId: defId(code), formData, channels: ['app'] });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const approveFromPush = async (taskId: string, token: string, key: string) =>
    (await ctx.as(null)).post<NotificationApproveResult>(
      `/api/flow/tasks/${taskId}/approve-from-notification`,
      { token },
      { 'Idempotency-Key': key },
    );
  const approvals = async (instanceId: string) =>
    (await ctx.server.database.db.select().from(flowLogs).where(eq(flowLogs.instanceId, instanceId))).filter(
      (l) => l.action === 'approve',
    ).length;

  it('the token approves exactly its task once; the same key replays the answer, another key hears 已处理', async () => {
    await phoneOf('lisi');
    const id = await start('zhangsan', 'leave', forms.leave(2));
    const push = await pushFor('lisi', id);
    const taskId = (await detail('lisi', id)).myTaskId!;
    expect(push.approve).toEqual({ taskId, token: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) });
    const token = push.approve!.token;
    // only the hash is kept
    const [kept] = await ctx.server.database.db
      .select()
      .from(flowActionTokens)
      .where(eq(flowActionTokens.taskId, taskId));
    expect(kept!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept!.usedAt).toBeNull();

    // forged tokens, the hash as a token, the token on another task: refused, nothing changes
    const other = await start('zhangsan', 'leave', forms.leave(1));
    const otherTask = (await detail('lisi', other)).myTaskId!;
    for (const [task, bad] of [
      [taskId, Buffer.alloc(18, 7).toString('base64url')],
      [taskId, kept!.tokenHash],
      [otherTask, token],
    ] as const) {
      const refused = await approveFromPush(task, bad, randomUUID());
      expect([refused.status, refused.body.msg]).toEqual([404, '通知操作无效']);
    }
    const malformed = await approveFromPush(taskId, 'short', randomUUID());
    expect(malformed.status).toBe(400);
    expect([await status(id), await status(other), await approvals(id)]).toEqual(['running', 'running', 0]);

    const key = randomUUID();
    const approved = await approveFromPush(taskId, token, key);
    expect([approved.status, approved.body.msg]).toEqual([200, '已同意']);
    expect(approved.body.data).toMatchObject({ instanceId: id, title: '张三的请假', finished: true });
    expect(await status(id)).toBe('approved');
    expect(await approvals(id)).toBe(1);

    // the notification tapped again: the same key answers the stored result and approves nothing twice
    const replay = await approveFromPush(taskId, token, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(approved.body);
    // another key (a second notification of the same task): the task is handled
    const again = await approveFromPush(taskId, token, randomUUID());
    expect([again.status, again.body.msg]).toEqual([409, '该待办已被处理']);
    expect(await approvals(id)).toBe(1);
    const [spent] = await ctx.server.database.db
      .select()
      .from(flowActionTokens)
      .where(eq(flowActionTokens.taskId, taskId));
    expect(spent!.usedAt).not.toBeNull();
    expect(await status(other)).toBe('running');
  });

  it('a withdrawn request answers 该申请已被发起人撤回 and changes nothing', async () => {
    await phoneOf('lisi');
    const id = await start('zhangsan', 'leave', forms.leave(2));
    const push = await pushFor('lisi', id);
    const withdrawn = await (await as('zhangsan')).post(`/api/flow/instances/${id}/withdraw`, {});
    expect(withdrawn.status, withdrawn.body.msg).toBe(200);
    const answer = await approveFromPush(push.approve!.taskId, push.approve!.token, randomUUID());
    expect([answer.status, answer.body.msg]).toEqual([409, '该申请已被发起人撤回']);
    expect(await status(id)).toBe('withdrawn');
    expect(await approvals(id)).toBe(0);
    const [kept] = await ctx.server.database.db
      .select()
      .from(flowActionTokens)
      .where(eq(flowActionTokens.taskId, push.approve!.taskId));
    expect(kept!.usedAt).toBeNull();
  });

  it('an expired token, or one of a disabled account, approves nothing', async () => {
    await phoneOf('lisi');
    const id = await start('zhangsan', 'leave', forms.leave(2));
    const { taskId, token } = (await pushFor('lisi', id)).approve!;
    await ctx.server.database.db
      .update(flowActionTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(flowActionTokens.taskId, taskId));
    const expired = await approveFromPush(taskId, token, randomUUID());
    expect([expired.status, expired.body.msg]).toEqual([409, '该通知操作已失效，请在应用中办理']);
    await ctx.server.database.db
      .update(flowActionTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(flowActionTokens.taskId, taskId));
    await ctx.setStatus('lisi', 'disabled');
    try {
      const disabled = await approveFromPush(taskId, token, randomUUID());
      expect([disabled.status, disabled.body.msg]).toEqual([403, '账号已停用']);
    } finally {
      await ctx.setStatus('lisi', 'active');
    }
    expect([await status(id), await approvals(id)]).toEqual(['running', 0]);
  });

  it('a node that needs an opinion (and a field) gets no action token; the next handlers hear of an approval', async () => {
    await Promise.all([phoneOf('lisi'), phoneOf('yangfan')]);
    const id = await start('zhangsan', 'expense', forms.expense(300));
    const first = await pushFor('lisi', id);
    // 部门负责人审批 asks nothing: 同意 from the notification, which reminds 财务审核 on lisi's channels
    const approved = await approveFromPush(first.approve!.taskId, first.approve!.token, randomUUID());
    expect(approved.status, approved.body.msg).toBe(200);
    const finance = await pushFor('yangfan', id);
    expect(finance.title).toMatch(/^待办：/);
    expect(finance.receipt).toBeTruthy();
    expect(finance.approve).toBeUndefined();
    const financeTask = (await detail('yangfan', id)).myTaskId!;
    expect(
      await ctx.server.database.db.select().from(flowActionTokens).where(eq(flowActionTokens.taskId, financeTask)),
    ).toEqual([]);
  });
});

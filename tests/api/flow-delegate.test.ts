import { describe, expect, it } from 'vitest';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 委派: the handler asks someone for their opinion; it comes back to the handler, who decides; the trace shows both. */
describe.each(drivers)('flow delegate on %s', (driver) => {
  const ctx = useServer(driver);
  const { start, detail, list, taskOf, act, actOk } = flowClient(ctx);
  const leave = () => start('zhangsan', 'leave', forms.leave());
  const todoRow = async (user: string, id: string) => (await list(user, 'todo')).rows.find((r) => r.instanceId === id);

  it('the delegate replies, the handler decides after it, and the trace shows both', async () => {
    const id = await leave();
    const task = await taskOf('lisi', id);
    const sent = await act('lisi', task, 'delegate', { userId: userId('sunqi'), opinion: '请看下预算' });
    expect(sent.status, sent.body.msg).toBe(200);
    // the handler's task waits in their 待办, marked as waiting; they cannot decide meanwhile
    expect((await todoRow('lisi', id))?.waitingForSigners).toBe(true);
    expect((await act('lisi', task, 'approve', { opinion: '' })).status).toBe(409);

    // the delegate's row is never offered for batch 同意: a reply is all it takes
    expect((await todoRow('sunqi', id))?.quickApprove).toBe(false);
    const d = await detail('sunqi', id);
    expect([d.abilities.reply, d.abilities.approve, Boolean(d.abilities.delegate)]).toEqual([true, false, false]);
    const theirs = d.myTaskId!;
    const approve = await act('sunqi', theirs, 'approve', { opinion: '同意' });
    expect([approve.status, approve.body.msg]).toEqual([409, '委派给您的待办只能回复意见，由委派人办理']);
    expect((await act('sunqi', theirs, 'transfer', { toUserId: userId('zhaoliu') })).status).toBe(409);
    const empty = await act('sunqi', theirs, 'reply', { opinion: ' ' });
    expect([empty.status, empty.body.msg]).toEqual([400, '请填写委派意见']);
    await actOk('sunqi', theirs, 'reply', { opinion: '预算合理，建议同意' });

    expect((await todoRow('lisi', id))?.waitingForSigners).toBe(false);
    expect(await todoRow('sunqi', id)).toBeUndefined();
    await actOk('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    const done = await detail('zhangsan', id);
    expect(done.status).toBe('approved');
    const steps = done.trace.map((e) => [e.actorName, e.action, e.opinion]);
    expect(steps.slice(1, 4)).toEqual([
      ['李四', 'delegate', '请看下预算（委派：孙琪）'],
      ['孙琪', 'delegate-reply', '预算合理，建议同意'],
      ['李四', 'approve', '同意'],
    ]);
    // the delegate's reply is in their 已办
    expect((await list('sunqi', 'history')).rows.some((r) => r.instanceId === id)).toBe(true);
  });

  it('refuses delegating to oneself, to someone disabled, or someone else’s task, in Chinese', async () => {
    const id = await leave();
    const task = await taskOf('lisi', id);
    const self = await act('lisi', task, 'delegate', { userId: userId('lisi') });
    expect([self.status, self.body.msg]).toEqual([400, '不能委派给自己']);
    const bad = await act('lisi', task, 'delegate', { userId: 'nobody' });
    expect([bad.status, bad.body.msg]).toEqual([400, '委派人ID格式不正确']);
    await ctx.setStatus('zhoujie', 'disabled');
    try {
      const off = await act('lisi', task, 'delegate', { userId: userId('zhoujie') });
      expect([off.status, off.body.msg]).toEqual([400, '所选人员不存在或已停用']);
    } finally {
      await ctx.setStatus('zhoujie', 'active');
    }
    expect((await act('wangwu', task, 'delegate', { userId: userId('sunqi') })).status).toBe(404);
    expect((await act('zhaoliu', task, 'reply', { opinion: '我来' })).status).toBe(404);
  });

  it('the handler may take a delegation back before the reply (移除), and decides at once', async () => {
    const id = await leave();
    await actOk('lisi', await taskOf('lisi', id), 'delegate', { userId: userId('sunqi') });
    const [removable] = (await detail('lisi', id)).abilities.removableSigners ?? [];
    expect(removable?.realName).toBe('孙琪');
    await actOk('lisi', removable!.taskId, 'remove-signer');
    expect((await todoRow('lisi', id))?.waitingForSigners).toBe(false);
    await actOk('lisi', await taskOf('lisi', id), 'approve', { opinion: '' });
    expect((await detail('zhangsan', id)).status).toBe('approved');
  });
});

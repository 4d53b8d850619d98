import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messageDeliveries, messages, outboundDeliveries } from '../../server/db/schema';
import { flowClient, forms, userId } from '../factories/flow-client';
import { startPushReceiver } from '../factories/push-receiver';
import { startSmtpReceiver } from '../factories/smtp-receiver';
import { drivers, useServer } from './support/server';

const pushService = await startPushReceiver();
const smtp = await startSmtpReceiver();
afterAll(async () => {
  await Promise.all([pushService.close(), smtp.close()]);
});

type Push = { title: string; body: string; url: string };
const addressOf = (username: string) => `${username}@huasheng.example.com`;

/** Issue 30.5: 转办 and 加签 remind the new handlers on the channels chosen in their sheet, through the outbox. */
describe.each(drivers)('转办 and 加签 reminders on %s', (driver) => {
  const ctx = useServer(driver, {
    env: {
      PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
      SMTP_URL: smtp.url,
      SMTP_FROM: '协同办公系统 <oa@example.com>',
      APP_PUBLIC_URL: 'https://oa.example.com',
    },
  });
  const { as, start, taskOf, act, actOk, detail } = flowClient(ctx);
  const subscribe = async (user: string) => {
    const device = pushService.subscribe();
    expect((await (await as(user)).post('/api/push/subscriptions', device.json)).status).toBe(200);
    return device.name;
  };
  const leaveOf = async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    return { id, title: (await detail('zhangsan', id)).title };
  };
  /** the e-mails that link to an instance (every leave of zhangsan has the same title) */
  const mailsAbout = (instanceId: string) =>
    smtp.received.filter((m) => m.mail.text?.includes(`/followWaitDetail?instanceId=${instanceId}`));
  /** the outbox rows of the 待办 reminders of an instance (not the applicant's own 消息) */
  const outboxOf = async (instanceId: string) =>
    ctx.server.database.db
      .select({
        kind: outboundDeliveries.kind,
        target: outboundDeliveries.target,
        receiverId: messageDeliveries.receiverId,
      })
      .from(outboundDeliveries)
      .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
      .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
      .where(eq(messages.link, `/followWaitDetail?instanceId=${instanceId}`));

  it('转办 with 邮件 and APP reminds the new handler by e-mail and push, with a link to the 待办', async () => {
    const device = await subscribe('zhaoliu');
    const { id, title } = await leaveOf();
    await actOk('lisi', await taskOf('lisi', id), 'transfer', {
      toUserId: userId('zhaoliu'),
      opinion: '请代为处理',
      channels: ['app', 'email'],
    });
    expect((await outboxOf(id)).map((r) => [r.kind, r.receiverId]).sort()).toEqual(
      [
        ['email', userId('zhaoliu')],
        ['push', userId('zhaoliu')],
      ].sort(),
    );
    await expect.poll(() => mailsAbout(id).map((m) => m.to), { timeout: 20_000 }).toEqual([[addressOf('zhaoliu')]]);
    expect(mailsAbout(id)[0]!.mail.subject).toBe(`待办：${title}`);
    const pushes = () =>
      [...pushService.heldFor(device).values()].filter(
        (p) => (p as Push).url === `/followWaitDetail?instanceId=${id}`,
      ) as Push[];
    await expect.poll(() => pushes().length, { timeout: 20_000 }).toBe(1);
    expect(pushes()[0]!.title).toBe(`待办：${title}`);
  });

  it('转办 without channels reminds nobody outside the app, as with 同意', async () => {
    const { id } = await leaveOf();
    await actOk('lisi', await taskOf('lisi', id), 'transfer', { toUserId: userId('wangwu') });
    expect(await outboxOf(id)).toEqual([]);
    const recorded = await ctx.server.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.link, `/followWaitDetail?instanceId=${id}`));
    expect(recorded).toEqual([]);
  });

  it('加签 reminds each added co-signer on the chosen channels, and only them', async () => {
    const { id } = await leaveOf();
    await actOk('lisi', await taskOf('lisi', id), 'add-signer', {
      userIds: [userId('sunqi'), userId('zhoujie')],
      kind: 'before',
      signMode: 'all',
      channels: ['email'],
    });
    const rows = await outboxOf(id);
    expect(rows.map((r) => r.kind)).toEqual(['email', 'email']);
    expect(rows.map((r) => r.target).sort()).toEqual([addressOf('sunqi'), addressOf('zhoujie')].sort());
    await expect
      .poll(
        () =>
          mailsAbout(id)
            .flatMap((m) => m.to)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual([addressOf('sunqi'), addressOf('zhoujie')].sort());
  });

  it('refuses an unknown reminder channel on 转办 and 加签 with a Chinese message, changing nothing', async () => {
    const { id } = await leaveOf();
    const task = await taskOf('lisi', id);
    const transfer = await act('lisi', task, 'transfer', { toUserId: userId('zhaoliu'), channels: ['fax'] });
    expect(transfer.status).toBe(400);
    expect(transfer.body.msg).toContain('提醒方式不正确');
    const cosign = await act('lisi', task, 'add-signer', { userIds: [userId('sunqi')], channels: 'email' });
    expect(cosign.status).toBe(400);
    expect(await taskOf('lisi', id)).toBe(task);
    expect(await outboxOf(id)).toEqual([]);
  });
});

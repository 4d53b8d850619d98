import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messageDeliveries, messages, outboundDeliveries } from '../../server/db/schema';
import { mailClient, userId } from '../factories/mail-client';
import { startPushReceiver } from '../factories/push-receiver';
import { startSmtpReceiver } from '../factories/smtp-receiver';
import { drivers, useServer } from './support/server';

const pushService = await startPushReceiver();
const smtp = await startSmtpReceiver();
afterAll(async () => {
  await Promise.all([pushService.close(), smtp.close()]);
});

type Push = { title: string; body: string; url: string; tag: string };
const addressOf = (username: string) => `${username}@huasheng.example.com`;

/** Issue 30: a sent mail reminds its recipients outside the app, on the channels chosen in the compose form. */
describe.each(drivers)('mail reminders on %s', (driver) => {
  const ctx = useServer(driver, {
    env: {
      PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
      SMTP_URL: smtp.url,
      SMTP_FROM: '协同办公系统 <oa@example.com>',
      APP_PUBLIC_URL: 'https://oa.example.com',
    },
  });
  const { as, send, write, detail, list, upload } = mailClient(ctx);
  const subjectOf = (what: string) => `${what}-${driver}-${randomUUID().slice(0, 6)}`;
  /** a push device of the user (each suite its own, so a push found on it is this suite's) */
  const devices = new Map<string, string>();
  const deviceOf = async (user: string) => {
    if (!devices.has(user)) {
      const device = pushService.subscribe();
      expect((await (await as(user)).post('/api/push/subscriptions', device.json)).status).toBe(200);
      devices.set(user, device.name);
    }
    return devices.get(user)!;
  };
  const pushesTitled = (title: string) => pushService.received.filter((p) => (p.payload as Push).title === title);
  const mailsTitled = (title: string) => smtp.received.filter((m) => m.mail.subject === title);
  const messagesTitled = (title: string) =>
    ctx.server.database.db.select({ id: messages.id }).from(messages).where(eq(messages.title, title));
  const outboxOf = async (title: string) =>
    ctx.server.database.db
      .select({
        kind: outboundDeliveries.kind,
        target: outboundDeliveries.target,
        receiverId: messageDeliveries.receiverId,
      })
      .from(outboundDeliveries)
      .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
      .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
      .where(eq(messages.title, title));

  it('reminds to, cc and bcc recipients on the chosen channels, each alone, with a link to the mail and no other bcc name', async () => {
    for (const user of ['lisi', 'wangwu', 'zhaoliu', 'sunqi']) await deviceOf(user);
    const subject = subjectOf('季度预算');
    const { id } = await send('zhangsan', ['lisi'], {
      cc: [userId('wangwu')],
      bcc: [userId('zhaoliu'), userId('sunqi')],
      subject,
      bodyHtml: '<p>请查看附件中的<b>季度预算</b>。</p>',
      channels: ['app', 'email'],
    });
    const title = `新邮件：${subject}`;
    // written with the mail: the outbox holds one e-mail and one push per recipient as soon as the send answered
    const rows = await outboxOf(title);
    expect(
      rows
        .filter((r) => r.kind === 'email')
        .map((r) => r.target)
        .sort(),
    ).toEqual(['lisi', 'sunqi', 'wangwu', 'zhaoliu'].map(addressOf).sort());
    expect(
      rows
        .filter((r) => r.kind === 'push')
        .map((r) => r.receiverId)
        .sort(),
    ).toEqual(['lisi', 'sunqi', 'wangwu', 'zhaoliu'].map(userId).sort());

    await expect.poll(() => pushesTitled(title).length, { timeout: 30_000 }).toBe(4);
    await expect.poll(() => mailsTitled(title).length, { timeout: 30_000 }).toBe(4);
    expect(pushService.problems).toEqual([]);
    for (const push of pushesTitled(title)) {
      expect(push.payload).toEqual({
        title,
        body: '张三：请查看附件中的季度预算。',
        url: `/email/detail?id=${id}`,
        tag: `/email/detail?id=${id}`,
        // each push's own receipt token and the receiver's 待办 count (reach-receipts.test.ts)
        receipt: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        badge: expect.any(Number),
      });
    }
    for (const { to, mail } of mailsTitled(title)) {
      // one recipient per mail, and nobody's name but the sender's
      expect(to).toHaveLength(1);
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(to[0]);
      expect(mail.text).toContain(`https://oa.example.com/email/detail?id=${id}`);
      for (const name of ['李四', '王五', '赵六', '孙琪']) expect(`${mail.text}${mail.html}`).not.toContain(name);
    }
    expect(new Set(mailsTitled(title).map((m) => m.to[0]))).toEqual(
      new Set(['lisi', 'wangwu', 'zhaoliu', 'sunqi'].map(addressOf)),
    );
  });

  it('sends nothing on a channel not chosen, and nothing at all when none is chosen', async () => {
    const device = await deviceOf('lisi');
    const emailOnly = subjectOf('只发邮件');
    await send('zhangsan', ['lisi'], { subject: emailOnly, channels: ['email'] });
    const none = subjectOf('不提醒');
    await send('zhangsan', ['lisi'], { subject: none, channels: [] });
    await expect.poll(() => mailsTitled(`新邮件：${emailOnly}`).length, { timeout: 30_000 }).toBe(1);
    expect(pushesTitled(`新邮件：${emailOnly}`)).toEqual([]);
    expect(await messagesTitled(`新邮件：${none}`)).toEqual([]);
    expect(await outboxOf(`新邮件：${emailOnly}`)).toEqual([
      { kind: 'email', target: addressOf('lisi'), receiverId: userId('lisi') },
    ]);
    expect([...pushService.heldFor(device).values()].some((p) => (p as Push).title.includes(none))).toBe(false);
  });

  it('without channels in the body, reminds on the sender’s 我的 → 提醒方式', async () => {
    const wangwu = await as('wangwu');
    expect((await wangwu.request('PUT', '/api/my/preferences/channels', { channels: ['email'] })).status).toBe(200);
    await deviceOf('zhaoliu');
    const subject = subjectOf('按我的提醒方式');
    await send('wangwu', ['zhaoliu'], { subject });
    await expect
      .poll(() => mailsTitled(`新邮件：${subject}`).map((m) => m.to), { timeout: 30_000 })
      .toEqual([[addressOf('zhaoliu')]]);
    expect((await outboxOf(`新邮件：${subject}`)).map((r) => r.kind)).toEqual(['email']);
  });

  it('a draft reminds nobody until it is sent, then its recipients on the channels of the send', async () => {
    const subject = subjectOf('草稿后发送');
    const saved = await write('zhangsan', {
      to: [userId('wangwu')],
      subject,
      bodyHtml: '<p>稍后发送</p>',
      channels: ['email'],
    });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(await messagesTitled(`新邮件：${subject}`)).toEqual([]);
    const sent = await write('zhangsan', {
      id: saved.body.data.id,
      to: [userId('wangwu')],
      subject,
      bodyHtml: '<p>稍后发送</p>',
      channels: ['email'],
      send: true,
    });
    expect(sent.status, sent.body.msg).toBe(200);
    await expect
      .poll(() => mailsTitled(`新邮件：${subject}`).map((m) => m.to), { timeout: 30_000 })
      .toEqual([[addressOf('wangwu')]]);
    expect((await messagesTitled(`新邮件：${subject}`)).length).toBe(1);
  });

  it('a 机密 mail is stored and shown as such, and its push and e-mail carry the sender and subject only', async () => {
    await deviceOf('lisi');
    const file = await upload('zhangsan', '保密附件内容');
    const secret = subjectOf('人事调整');
    const body = '<p>拟任命王五为财务部经理，薪资上调百分之二十。</p>';
    const { id } = await send('zhangsan', ['lisi'], {
      subject: secret,
      bodyHtml: body,
      confidential: true,
      attachments: [file],
      channels: ['app', 'email'],
    });
    expect((await detail('lisi', id)).body.data.confidential).toBe(true);
    expect((await list('lisi', 'inbox')).rows.find((r) => r.id === id)?.confidential).toBe(true);
    const open = subjectOf('公开通知');
    const plain = await send('zhangsan', ['lisi'], { subject: open, bodyHtml: body, channels: ['app', 'email'] });
    expect((await list('lisi', 'inbox')).rows.find((r) => r.id === plain.id)?.confidential).toBe(false);

    const title = `新邮件：${secret}`;
    await expect.poll(() => pushesTitled(title).length + mailsTitled(title).length, { timeout: 30_000 }).toBe(2);
    const said = [
      JSON.stringify(pushesTitled(title)[0]!.payload),
      mailsTitled(title)[0]!.mail.text ?? '',
      String(mailsTitled(title)[0]!.mail.html),
      mailsTitled(title)[0]!.mail.subject ?? '',
    ];
    for (const text of said) {
      for (const leak of ['任命', '薪资', '财务部', file.attachName, '会议纪要'])
        expect(text, text).not.toContain(leak);
    }
    expect((pushesTitled(title)[0]!.payload as Push).body).toBe(`张三发来机密邮件「${secret}」，请在系统内查看`);
    expect(mailsTitled(title)[0]!.mail.text).toContain(`张三发来机密邮件「${secret}」`);

    // the same text not marked 机密 may carry a short snippet
    await expect.poll(() => pushesTitled(`新邮件：${open}`).length, { timeout: 30_000 }).toBe(1);
    expect((pushesTitled(`新邮件：${open}`)[0]!.payload as Push).body).toBe(
      '张三：拟任命王五为财务部经理，薪资上调百分之二十。',
    );
  });

  it('refuses a malformed 机密 flag or reminder channel with a Chinese message, and sends nothing', async () => {
    const subject = subjectOf('格式错误');
    const badFlag = await write('zhangsan', {
      to: [userId('lisi')],
      subject,
      confidential: 'yes' as unknown as boolean,
      send: true,
    });
    expect([badFlag.status, badFlag.body.msg]).toEqual([400, '机密标记格式不正确']);
    const badChannel = await write('zhangsan', {
      to: [userId('lisi')],
      subject,
      channels: ['fax' as 'app'],
      send: true,
    });
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.msg).toContain('提醒方式不正确');
    expect(await messagesTitled(`新邮件：${subject}`)).toEqual([]);
  });
});

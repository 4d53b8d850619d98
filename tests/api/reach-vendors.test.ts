import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeliveryReport } from '../../contract/message';
import type { SelectorNode, SiteConfig } from '../../contract/upms';
import { messageDeliveries, outboundDeliveries, users } from '../../server/db/schema';
import { api } from '../factories/test-server';
import { startVendorApi, vendorSettings } from '../factories/vendor-api';
import { drivers, useServer } from './support/server';

const vendor = await startVendorApi();
afterAll(() => vendor.close());

describe.each(drivers)('reminders by WeCom, DingTalk and SMS against the documented APIs on %s', (driver) => {
  const ctx = useServer(driver, {
    env: {
      ...vendorSettings,
      WECOM_API_BASE: vendor.url,
      DINGTALK_API_BASE: vendor.url,
      SMS_API_BASE: `${vendor.url}/`,
      APP_PUBLIC_URL: 'https://oa.example.com',
    },
  });
  // both drivers' suites share the fake vendor: titles name the driver, and each suite gives its people their own mobiles
  const t = (title: string) => `${title}（${driver}）`;
  const prefix = driver === 'pg' ? '139' : '138';
  const person = async (
    username: string,
    n: number,
    mobile: string | null = `${prefix}0000${String(n).padStart(4, '0')}`,
  ) => {
    const [row] = await ctx.server.database.db
      .update(users)
      .set({ mobile })
      .where(eq(users.username, username))
      .returning({ id: users.id, realName: users.realName });
    return { id: row!.id, name: row!.realName, mobile: mobile ?? '' };
  };
  const send = async (title: string, receiverIds: string[], channels: string[]) => {
    const answer = await (
      await ctx.as('admin')
    ).post<{ id: string }>('/api/upms/message/send', {
      title,
      content: `${title}，请及时处理。`,
      receiverIds,
      channels,
      link: '/follow/waitList',
    });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const outboxOf = async (messageId: string) =>
    ctx.server.database.db
      .select({
        kind: outboundDeliveries.kind,
        status: outboundDeliveries.status,
        attempts: outboundDeliveries.attempts,
        lastError: outboundDeliveries.lastError,
        target: outboundDeliveries.target,
      })
      .from(outboundDeliveries)
      .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
      .where(eq(messageDeliveries.messageId, messageId));
  // every row was tried: given a final status, or left pending with the error of its first attempt
  const settled = (messageId: string) =>
    expect
      .poll(async () => (await outboxOf(messageId)).every((r) => r.status !== 'pending' || r.lastError !== null), {
        timeout: 20_000,
      })
      .toBe(true);
  const report = async (messageId: string) =>
    (await (await ctx.as('admin')).get<DeliveryReport>(`/api/message/${messageId}/deliveries`)).body.data;

  it('offers every configured channel in the site config, in the stored order', async () => {
    const res = await api(ctx.server.baseUrl).get<SiteConfig>('/api/upms/sys/config/info');
    // the seed lists app,sms,email,Wechat,DingTalk; e-mail (no SMTP_URL here) is not offered
    expect(res.body.data.tipConfig.mobileTip).toBe('app,sms,Wechat,DingTalk');
  });

  it('sends a WeCom textcard to the member found by mobile, caching the token and the userid, with the item link', async () => {
    const zhaoliu = await person('zhaoliu', 1);
    vendor.wecom.directory.set(zhaoliu.mobile, `wx-zhaoliu-${driver}`);
    const tokensBefore = vendor.calls.get('/cgi-bin/gettoken') ?? 0;
    const lookupsBefore = vendor.calls.get('/cgi-bin/user/getuserid') ?? 0;
    const first = await send(t('您有一条新的待办：请假申请'), [zhaoliu.id], ['Wechat']);
    await expect
      .poll(async () => (await outboxOf(first)).map((r) => [r.kind, r.status, r.target]), { timeout: 20_000 })
      .toEqual([['wecom', 'sent', zhaoliu.mobile]]);
    const second = await send(t('会议提醒：周五例会'), [zhaoliu.id], ['Wechat']);
    await expect.poll(async () => (await outboxOf(second)).map((r) => r.status), { timeout: 20_000 }).toEqual(['sent']);
    expect(vendor.problems).toEqual([]);
    const card = vendor.wecom.sent.find((m) => m.textcard.title === t('您有一条新的待办：请假申请'))!;
    expect(card).toEqual({
      touser: `wx-zhaoliu-${driver}`,
      msgtype: 'textcard',
      agentid: 1000002,
      textcard: {
        title: t('您有一条新的待办：请假申请'),
        description: `${t('您有一条新的待办：请假申请')}，请及时处理。`,
        url: 'https://oa.example.com/wecom?path=%2Ffollow%2FwaitList',
        btntxt: '详情',
      },
      // a re-send after a crash reaches the member once (WeCom's documented duplicate check)
      enable_duplicate_check: 1,
      duplicate_check_interval: 1800,
    });
    // one token for both sends (this server's first WeCom call fetched it)
    expect((vendor.calls.get('/cgi-bin/gettoken') ?? 0) - tokensBefore).toBe(1);
    expect((vendor.calls.get('/cgi-bin/user/getuserid') ?? 0) - lookupsBefore).toBe(1);
    expect((await report(first)).summary).toBe('已发出 企业微信');
  });

  it('fetches a new WeCom token when the old one expired (42001), and sends once', async () => {
    const zhaoliu = await person('zhaoliu', 1);
    vendor.wecom.directory.set(zhaoliu.mobile, `wx-zhaoliu-${driver}`);
    await send(t('预热'), [zhaoliu.id], ['Wechat']);
    await expect
      .poll(() => vendor.wecom.sent.filter((m) => m.textcard.title === t('预热')).length, { timeout: 20_000 })
      .toBe(1);
    vendor.wecom.expireToken();
    const tokensBefore = vendor.calls.get('/cgi-bin/gettoken') ?? 0;
    const id = await send(t('令牌过期后的提醒'), [zhaoliu.id], ['Wechat']);
    await expect
      .poll(async () => (await outboxOf(id)).map((r) => [r.status, r.attempts]), { timeout: 20_000 })
      .toEqual([['sent', 1]]);
    expect(vendor.wecom.sent.filter((m) => m.textcard.title === t('令牌过期后的提醒'))).toHaveLength(1);
    expect((vendor.calls.get('/cgi-bin/gettoken') ?? 0) - tokensBefore).toBe(1);
  });

  it('fails a WeCom reminder for someone WeCom does not know, and tells the sender why', async () => {
    const sunqi = await person('sunqi', 2);
    vendor.wecom.directory.delete(sunqi.mobile);
    const id = await send(t('给陌生人的企业微信提醒'), [sunqi.id], ['Wechat']);
    await expect
      .poll(async () => (await outboxOf(id)).map((r) => [r.status, r.lastError]), { timeout: 20_000 })
      .toEqual([['failed', '企业微信中没有该手机号的成员']]);
    expect((await report(id)).summary).toBe('企业微信 未送达（企业微信中没有该手机号的成员）');
    expect(vendor.wecom.sent.filter((m) => m.textcard.title === t('给陌生人的企业微信提醒'))).toEqual([]);
  });

  it('sends a DingTalk 工作通知 action card to the user found by mobile; busy (-1) is retried later, unknown fails', async () => {
    const wangwu = await person('wangwu', 3);
    const sunqi = await person('sunqi', 2);
    vendor.ding.directory.set(wangwu.mobile, `ding-wangwu-${driver}`);
    vendor.ding.directory.delete(sunqi.mobile);
    const id = await send(t('审批通过：报销申请'), [wangwu.id, sunqi.id], ['DingTalk']);
    await expect
      .poll(async () => (await outboxOf(id)).map((r) => `${r.target}:${r.status}`).sort(), { timeout: 20_000 })
      .toEqual([`${sunqi.mobile}:failed`, `${wangwu.mobile}:sent`].sort());
    expect(vendor.problems).toEqual([]);
    expect(vendor.ding.sent.find((m) => m.msg.action_card.title === t('审批通过：报销申请'))).toEqual({
      agent_id: 2233445566,
      userid_list: `ding-wangwu-${driver}`,
      msg: {
        msgtype: 'action_card',
        action_card: {
          title: t('审批通过：报销申请'),
          markdown: `#### ${t('审批通过：报销申请')}\n\n${t('审批通过：报销申请')}，请及时处理。`,
          single_title: '查看详情',
          single_url: 'https://oa.example.com/dingtalk?path=%2Ffollow%2FwaitList',
        },
      },
    });
    expect((await outboxOf(id)).find((r) => r.status === 'failed')?.lastError).toBe('钉钉中没有该手机号的用户');
    expect((await report(id)).summary).toBe('已发出 钉钉；钉钉 1 人未送达');

    vendor.ding.busyOnce.add(t('繁忙时的钉钉提醒'));
    const busy = await send(t('繁忙时的钉钉提醒'), [wangwu.id], ['DingTalk']);
    await settled(busy);
    const [row] = await outboxOf(busy);
    // not given up: it waits for its next attempt
    expect([row!.status, row!.attempts, row!.lastError]).toEqual(['pending', 1, '钉钉系统繁忙：系统繁忙']);
    expect((await report(busy)).summary).toBe('钉钉 发送中');
  });

  it('sends an Aliyun SendSms request the gateway can verify (signature, parameters), with the title as template parameter', async () => {
    const lisi = await person('lisi', 4);
    const id = await send(t('短信提醒：合同会签'), [lisi.id], ['sms']);
    await expect.poll(async () => (await outboxOf(id)).map((r) => r.status), { timeout: 20_000 }).toEqual(['sent']);
    expect(vendor.problems).toEqual([]);
    expect(vendor.sms.sent.filter((m) => m.PhoneNumbers === lisi.mobile)).toEqual([
      {
        PhoneNumbers: lisi.mobile,
        SignName: '协同办公',
        TemplateCode: 'SMS_123456789',
        TemplateParam: { title: t('短信提醒：合同会签') },
      },
    ]);
    expect((await report(id)).summary).toBe('已发出 短信');
  });

  it('a 机密 mail’s WeCom, DingTalk and SMS reminders name only the sender and the subject', async () => {
    const zhoujie = await person('zhoujie', 8);
    vendor.wecom.directory.set(zhoujie.mobile, `wx-zhoujie-${driver}`);
    vendor.ding.directory.set(zhoujie.mobile, `ding-zhoujie-${driver}`);
    const subject = t('机密：薪酬方案');
    const answer = await (
      await ctx.as('zhangsan')
    ).post('/api/mail/messages', {
      to: [zhoujie.id],
      subject,
      bodyHtml: '<p>年终奖按绩效系数发放，详见附件。</p>',
      confidential: true,
      channels: ['Wechat', 'DingTalk', 'sms'],
      send: true,
    });
    expect(answer.status, answer.body.msg).toBe(200);
    const title = `新邮件：${subject}`;
    await expect
      .poll(
        () => [
          vendor.wecom.sent.some((m) => m.textcard.title === title),
          vendor.ding.sent.some((m) => m.msg.action_card.title === title),
          vendor.sms.sent.some((m) => m.PhoneNumbers === zhoujie.mobile && m.TemplateParam.title === title),
        ],
        { timeout: 20_000 },
      )
      .toEqual([true, true, true]);
    const said = [
      JSON.stringify(vendor.wecom.sent.find((m) => m.textcard.title === title)),
      JSON.stringify(vendor.ding.sent.find((m) => m.msg.action_card.title === title)),
      JSON.stringify(vendor.sms.sent.find((m) => m.PhoneNumbers === zhoujie.mobile && m.TemplateParam.title === title)),
    ];
    for (const text of said) {
      for (const leak of ['年终奖', '绩效', '附件']) expect(text, text).not.toContain(leak);
    }
    expect(said[0]).toContain(`张三发来机密邮件「${subject}」`);
    expect(said[1]).toContain(`张三发来机密邮件「${subject}」`);
  });

  it('fails an SMS to an illegal number, retries one the gateway throttles, and fails at once without a mobile', async () => {
    const illegal = await person('wangwu', 5);
    const throttled = await person('sunqi', 6);
    const none = await person('zhaoliu', 7, null);
    vendor.sms.answers.set(illegal.mobile, 'isv.MOBILE_NUMBER_ILLEGAL');
    vendor.sms.answers.set(throttled.mobile, 'isv.BUSINESS_LIMIT_CONTROL');
    const id = await send(t('发不出的短信'), [illegal.id, throttled.id, none.id], ['sms']);
    await settled(id);
    const rows = await outboxOf(id);
    const byTarget = Object.fromEntries(rows.map((r) => [r.target, [r.status, r.lastError]]));
    expect(byTarget).toEqual({
      [illegal.mobile]: ['failed', '短信发送失败：isv.MOBILE_NUMBER_ILLEGAL 非法手机号'],
      [throttled.mobile]: ['pending', '短信发送失败：isv.BUSINESS_LIMIT_CONTROL 触发小时级流控Permits:5'],
      '': ['failed', '接收人没有手机号'],
    });
    expect(vendor.problems).toEqual([]);
    expect((await report(id)).summary).toBe('短信 发送中');
  });
});

describe.each(drivers)('channels without settings on %s', (driver) => {
  const ctx = useServer(driver);
  const idOf = async (name: string) =>
    (
      await (
        await ctx.as('admin')
      ).get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(name)}`)
    ).body.data[0]!.id;

  it('are not offered, queue nothing and are reported as 未配置', async () => {
    const config = await api(ctx.server.baseUrl).get<SiteConfig>('/api/upms/sys/config/info');
    expect(config.body.data.tipConfig.mobileTip).toBe('app');
    const answer = await (
      await ctx.as('admin')
    ).post<{ id: string }>('/api/upms/message/send', {
      title: `未配置的渠道（${driver}）`,
      content: '请查看',
      receiverIds: [await idOf('赵六')],
      channels: ['Wechat', 'DingTalk', 'sms', 'email'],
    });
    expect(answer.status, answer.body.msg).toBe(200);
    const id = answer.body.data.id;
    const rows = await ctx.server.database.db
      .select({ status: messageDeliveries.status })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.messageId, id));
    expect(rows.map((r) => r.status)).toEqual(['logged', 'logged', 'logged', 'logged']);
    const queued = await ctx.server.database.db
      .select({ id: outboundDeliveries.id })
      .from(outboundDeliveries)
      .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
      .where(eq(messageDeliveries.messageId, id));
    expect(queued).toEqual([]);
    const report = (await (await ctx.as('admin')).get<DeliveryReport>(`/api/message/${id}/deliveries`)).body.data;
    expect(report.summary).toBe(
      '企业微信 未发送（未配置）；钉钉 未发送（未配置）；短信 未发送（未配置）；邮件 未发送（未配置）',
    );
  });
});

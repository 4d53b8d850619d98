import { describe, expect, it } from 'vitest';
import type { Badges, InboxMessage } from '../../contract/message';
import type { Page } from '../../contract/envelope';
import type { SelectorNode } from '../../contract/upms';
import { drivers, useServer } from './support/server';

/** 消息中心: each message carries its source module, the inbox filters by source and unread, 全部已读 marks them read. */
describe.each(drivers)('the message centre on %s', (driver) => {
  const ctx = useServer(driver);

  async function userId(name: string): Promise<string> {
    const admin = await ctx.as('admin');
    const path = `/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(name)}`;
    return (await admin.get<SelectorNode[]>(path)).body.data[0]!.id;
  }

  async function sendToSunqi(title: string, link?: string): Promise<string> {
    const sent = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/upms/message/send', {
      title,
      receiverIds: [await userId('孙琪')],
      channels: ['app'],
      ...(link ? { link } : {}),
    });
    expect(sent.body.code).toBe(200);
    return sent.body.data.id;
  }

  const inbox = async (query: string) =>
    (await (await ctx.as('sunqi')).get<Page<InboxMessage>>(`/api/message/inbox?pageSize=100&${query}`)).body;

  it('names each message by its module and filters the inbox by source and by unread', async () => {
    const mail = await sendToSunqi('中心测试·邮件', '/email/detail?id=00000000-0000-4000-8000-000000000001');
    const meeting = await sendToSunqi('中心测试·会议', '/meeting/info?id=00000000-0000-4000-8000-000000000002');
    const flow = await sendToSunqi(
      '中心测试·审批',
      '/followWaitDetail?instanceId=00000000-0000-4000-8000-000000000003',
    );
    const system = await sendToSunqi('中心测试·系统');

    const all = (await inbox('keyword=中心测试')).data.rows;
    expect(Object.fromEntries(all.map((m) => [m.id, m.source]))).toEqual({
      [mail]: 'mail',
      [meeting]: 'meeting',
      [flow]: 'flow',
      [system]: 'system',
    });
    expect((await inbox('source=mail')).data.rows.map((m) => m.id)).toEqual([mail]);
    expect((await inbox('source=meeting')).data).toMatchObject({ total: 1, rows: [{ id: meeting }] });
    expect((await inbox('source=system&keyword=中心测试')).data.rows.map((m) => m.id)).toEqual([system]);

    const sunqi = await ctx.as('sunqi');
    expect((await sunqi.post(`/api/message/${meeting}/read`)).body.code).toBe(200);
    const unread = (await inbox('unread=true')).data;
    expect(unread.rows.every((m) => !m.read)).toBe(true);
    expect(unread.rows.map((m) => m.id)).toEqual(expect.arrayContaining([mail, flow, system]));
    expect(unread.rows.map((m) => m.id)).not.toContain(meeting);
    expect(unread.total).toBe((await sunqi.get<Badges>('/api/message/badges')).body.data.message);
  });

  it('marks one source read, then all, and the unread badge follows', async () => {
    const mail = await sendToSunqi('全部已读·邮件', '/email/detail?id=00000000-0000-4000-8000-000000000004');
    await sendToSunqi('全部已读·系统');
    const sunqi = await ctx.as('sunqi');
    const before = (await sunqi.get<Badges>('/api/message/badges')).body.data.message;
    const mailUnread = (await inbox('source=mail&unread=true')).data.total;
    expect(mailUnread).toBeGreaterThanOrEqual(1);

    const onlyMail = await sunqi.post<{ count: number }>('/api/message/read-all', { source: 'mail' });
    expect([onlyMail.status, onlyMail.body.msg, onlyMail.body.data.count]).toEqual([200, '已全部标为已读', mailUnread]);
    expect((await inbox('source=mail&unread=true')).data.total).toBe(0);
    expect((await inbox('keyword=全部已读·邮件')).data.rows).toMatchObject([{ id: mail, read: true }]);
    expect((await inbox('keyword=全部已读·系统')).data.rows).toMatchObject([{ read: false }]);
    expect((await sunqi.get<Badges>('/api/message/badges')).body.data.message).toBe(before - mailUnread);

    expect((await sunqi.post<{ count: number }>('/api/message/read-all')).body.data.count).toBe(before - mailUnread);
    expect((await sunqi.get<Badges>('/api/message/badges')).body.data.message).toBe(0);
    expect((await inbox('unread=true')).data).toEqual({ rows: [], total: 0 });
  });

  it('refuses an unknown source with a Chinese message and changes nothing', async () => {
    await sendToSunqi('来源不正确也不变');
    const sunqi = await ctx.as('sunqi');
    const before = (await sunqi.get<Badges>('/api/message/badges')).body.data.message;
    const refused = await sunqi.post('/api/message/read-all', { source: 'payroll' });
    expect([refused.status, refused.body.msg]).toEqual([400, '消息来源不正确']);
    const listed = await sunqi.get('/api/message/inbox?source=payroll');
    expect([listed.status, listed.body.msg]).toEqual([400, '消息来源不正确']);
    expect((await sunqi.get<Badges>('/api/message/badges')).body.data.message).toBe(before);
  });
});

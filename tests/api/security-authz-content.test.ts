import { describe, expect, it } from 'vitest';
import { at, userId } from '../factories/meeting-client';
import { channelId } from '../factories/news-client';
import { cjk, drivers, useServer } from './support/server';
import { expectRefused } from './support/authz';

/*
 * The per-record rules of the 日程, 资讯, 邮件 and 我的 modules: another staff member gets 403/404
 * on a record that is not theirs and changes nothing (the sweeps over every module route are in
 * security-authz-modules.test.ts).
 */

describe.each(drivers)('日程, 资讯, 邮件 and 我的 kept to their people on %s', (driver) => {
  const ctx = useServer(driver);

  it('keeps a 日程 event to its owner and participants', async () => {
    const made = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/schedule/events', {
      title: '私人日程',
      startAt: at('2033-06-01', '14:00'),
      endAt: at('2033-06-01', '15:00'),
      participantIds: [userId('sunqi')],
    });
    expect(made.status, made.body.msg).toBe(200);
    const e = `/api/schedule/events/${made.body.data.id}`;
    const body = { title: '被改', startAt: at('2033-06-01', '14:00'), endAt: at('2033-06-01', '15:00') };
    await expectRefused(
      await ctx.as('wangwu'),
      [
        ['GET', e],
        ['PUT', e, body],
        ['DELETE', e],
      ],
      [403, 404],
    );
    // a participant sees it and may not change it
    await expectRefused(
      await ctx.as('sunqi'),
      [
        ['PUT', e, body],
        ['DELETE', e],
      ],
      [403],
    );
    const range = await (
      await ctx.as('wangwu')
    ).get<{ eventId: string }[]>('/api/schedule/occurrences?from=2033-06-01&to=2033-06-01');
    expect(range.body.data.map((o) => o.eventId)).not.toContain(made.body.data.id);
    const ics = await fetch(`${ctx.server.baseUrl}/api/schedule/export.ics`, {
      headers: { uid: await ctx.uidOf('wangwu') },
    });
    expect(await ics.text()).not.toContain('私人日程');
    expect((await (await ctx.as('zhaoliu')).get<{ title: string }>(e)).body.data.title).toBe('私人日程');
  });

  it('keeps an unpublished 资讯 article (draft or under review) from other staff', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const draft = await zhangsan.post<{ id: string }>('/api/news/articles', {
      channelId: channelId('dept'),
      title: '未发布草稿',
      bodyHtml: '<p>草稿</p>',
    });
    const pending = await zhangsan.post<{ id: string }>('/api/news/articles', {
      channelId: channelId('dept'),
      title: '待审资讯',
      bodyHtml: '<p>待审</p>',
      submit: true,
    });
    expect([draft.status, pending.status]).toEqual([200, 200]);
    for (const id of [draft.body.data.id, pending.body.data.id]) {
      const a = `/api/news/articles/${id}`;
      await expectRefused(
        await ctx.as('wangwu'),
        [
          ['GET', a],
          ['PUT', a, { channelId: channelId('dept'), title: '被改', bodyHtml: '<p>x</p>' }],
          ['DELETE', a],
          ['POST', `${a}/review`, { decision: 'approve' }],
          ['POST', `${a}/view`],
          ['POST', `${a}/like`, { liked: true }],
          ['GET', `${a}/comments`],
          ['POST', `${a}/comments`, { content: '越权评论' }],
        ],
        [403, 404],
      );
    }
    const listed = await (
      await ctx.as('wangwu')
    ).get<{ rows: { id: string }[] }>(`/api/news/articles?keyword=${encodeURIComponent('资讯')}&pageSize=100`);
    expect(listed.body.data.rows.map((r) => r.id)).not.toContain(pending.body.data.id);
    expect((await zhangsan.get<{ title: string }>(`/api/news/articles/${draft.body.data.id}`)).body.data.title).toBe(
      '未发布草稿',
    );
  });

  it('keeps 邮件 to its sender and recipients, and a draft to its author alone', async () => {
    const sent = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/mail/messages', {
      to: [userId('lisi')],
      subject: '仅李四可读',
      bodyHtml: '机密',
      send: true,
    });
    const draft = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/mail/messages', { to: [userId('lisi')], subject: '未发出的草稿', bodyHtml: '草稿' });
    expect([sent.status, draft.status]).toEqual([200, 200]);
    const actions = ['read', 'unread', 'star', 'unstar', 'delete', 'restore', 'purge'];
    const calls = (id: string): [string, string][] => [
      ['GET', `/api/mail/messages/${id}`],
      ...actions.map((a): [string, string] => ['POST', `/api/mail/messages/${id}/${a}`]),
    ];
    await expectRefused(await ctx.as('wangwu'), calls(sent.body.data.id), [404]);
    // the named recipient of an unsent draft has nothing to read yet
    await expectRefused(await ctx.as('lisi'), calls(draft.body.data.id), [404]);
    // nor overwrite another's draft, nor reply to or forward a mail they are not party to (that would copy it out)
    const wangwu = await ctx.as('wangwu');
    await expectRefused(
      wangwu,
      [
        [
          'POST',
          '/api/mail/messages',
          { id: draft.body.data.id, to: [userId('wangwu')], subject: '夺取草稿', bodyHtml: 'x' },
        ],
        [
          'POST',
          '/api/mail/messages',
          { parentId: sent.body.data.id, relation: 'forward', to: [userId('wangwu')], subject: '转发', send: true },
        ],
        [
          'POST',
          '/api/mail/messages',
          { parentId: sent.body.data.id, relation: 'reply', to: [userId('zhangsan')], subject: '回复', send: true },
        ],
      ],
      [403, 404],
    );
    expect(
      (await (await ctx.as('zhangsan')).get<{ subject: string }>(`/api/mail/messages/${draft.body.data.id}`)).body.data
        .subject,
    ).toBe('未发出的草稿');
    expect((await (await ctx.as('lisi')).get(`/api/mail/messages/${sent.body.data.id}`)).status).toBe(200);
    expect((await (await ctx.as('zhangsan')).get(`/api/mail/messages/${draft.body.data.id}`)).status).toBe(200);
  });

  it('keeps 我的 settings per user: a change by one staff member leaves another untouched', async () => {
    const before = (await (await ctx.as('zhangsan')).get('/api/my/preferences')).body.data;
    const wangwu = await ctx.as('wangwu');
    expect((await wangwu.put('/api/my/preferences/phrases', { phrases: ['王五的常用语'] })).status).toBe(200);
    expect((await (await ctx.as('zhangsan')).get('/api/my/preferences')).body.data).toEqual(before);
    const wrongOld = await wangwu.post('/api/my/password', {
      oldPassword: 'not-his-password',
      newPassword: 'Another#2026x',
    });
    expect([wrongOld.status, cjk.test(wrongOld.body.msg)]).toEqual([400, true]);
  });
});

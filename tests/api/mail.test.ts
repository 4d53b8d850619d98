import { describe, expect, it } from 'vitest';
import type { Badges } from '../../contract/message';
import { mailClient, userId } from '../factories/mail-client';
import { drivers, useServer } from './support/server';

/** 邮件 over HTTP (issue 13): writing, folders, privacy of mail and attachments (bcc: mail-bcc.test.ts), threads, search, XSS. */
describe.each(drivers)('mail on %s', (driver) => {
  const ctx = useServer(driver);
  const mail = mailClient(ctx);
  const { as, send, detail, list, act, counts, write, upload, download } = mail;

  it('a sent mail lands unread in the recipient’s inbox, counts and badge, and reading it sends the receipt', async () => {
    const before = await counts('lisi');
    const badgeBefore = (await (await as('lisi')).get<Badges>('/api/message/badges')).body.data.mail;
    const { id, subject } = await send('zhangsan', ['lisi'], { receipt: true, priority: 'high' });
    const inbox = await list('lisi', 'inbox');
    const row = inbox.rows.find((r) => r.id === id)!;
    expect(row).toMatchObject({ subject, seen: false, priority: 'high', sender: { name: '张三' } });
    expect((await counts('lisi')).unread).toBe(before.unread + 1);
    expect((await (await as('lisi')).get<Badges>('/api/message/badges')).body.data.mail).toBe(badgeBefore + 1);
    expect((await list('zhangsan', 'sent')).rows.find((r) => r.id === id)?.recipientNames).toEqual(['李四']);

    expect((await detail('zhangsan', id)).body.data.to[0]?.readAt).toBeNull();
    expect((await act('lisi', id, 'read')).status).toBe(200);
    expect((await counts('lisi')).unread).toBe(before.unread);
    expect((await detail('zhangsan', id)).body.data.to[0]?.readAt).toBeTruthy();
    // the receipt is the sender's: the recipient does not see it
    expect((await detail('lisi', id)).body.data.to[0]?.readAt).toBeNull();
  });

  it('only the sender and the recipients read a mail and its attachments', async () => {
    const file = await upload('zhangsan');
    const { id } = await send('zhangsan', ['lisi'], { cc: [userId('zhaoliu')], attachments: [file] });
    for (const user of ['zhangsan', 'lisi', 'zhaoliu']) {
      expect((await detail(user, id)).status, user).toBe(200);
      expect(await download(user, file.fileName), user).toBe(200);
    }
    for (const user of ['wangwu', 'admin']) {
      const answer = await detail(user, id);
      expect(answer.status, user).toBe(404);
      expect(answer.body.msg).toBe('邮件不存在');
      expect(await download(user, file.fileName), user).toBe(404);
      expect((await act(user, id, 'read')).status, user).toBe(404);
    }
    // a stranger cannot answer it, nor forward its attachment
    expect(
      (await write('wangwu', { to: [userId('zhangsan')], subject: '回复', parentId: id, send: true })).status,
    ).toBe(404);
    const stolen = await write('wangwu', { to: [userId('wangwu')], subject: '转发', attachments: [file], send: true });
    expect(stolen.status).toBe(403);
    // a recipient may forward it: the attachment then follows the new mail too
    const forwarded = await send('lisi', ['wangwu'], { parentId: id, relation: 'forward', attachments: [file] });
    expect(await download('wangwu', file.fileName)).toBe(200);
    expect((await detail('wangwu', forwarded.id)).body.data.attachments[0]).toMatchObject({
      fileName: file.fileName,
      attachName: '会议纪要.txt',
    });
  });

  it('a draft is the writer’s until sent; a sent mail cannot be changed', async () => {
    const saved = await write('zhangsan', { to: [userId('lisi')], subject: '草稿主题', bodyHtml: '<p>第一稿</p>' });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.msg).toBe('草稿已保存');
    const id = saved.body.data.id;
    expect((await list('zhangsan', 'draft')).rows.some((r) => r.id === id)).toBe(true);
    expect((await detail('lisi', id)).status).toBe(404);
    expect((await write('lisi', { id, to: [userId('lisi')], subject: 'x' })).status).toBe(404);

    const again = await write('zhangsan', {
      id,
      to: [userId('lisi')],
      subject: '定稿主题',
      bodyHtml: '<p>第二稿</p>',
      send: true,
    });
    expect(again.status, again.body.msg).toBe(200);
    expect(again.body.data.id).toBe(id);
    expect((await list('zhangsan', 'draft')).rows.some((r) => r.id === id)).toBe(false);
    expect((await list('zhangsan', 'sent')).rows.find((r) => r.id === id)?.subject).toBe('定稿主题');
    expect((await detail('lisi', id)).body.data.bodyHtml).toBe('<p>第二稿</p>');

    const late = await write('zhangsan', { id, to: [userId('lisi')], subject: '改', send: true });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('邮件已发送，不能再修改');
  });

  it('a reply joins the thread of the mail it answers', async () => {
    const first = await send('zhangsan', ['lisi']);
    const reply = await send('lisi', ['zhangsan'], {
      subject: `回复：${first.subject}`,
      parentId: first.id,
      relation: 'reply',
    });
    const thread = (await detail('zhangsan', reply.id)).body.data.thread;
    expect(thread.map((m) => m.id)).toEqual([first.id, reply.id]);
    expect(thread[1]?.relation).toBe('reply');
  });

  it('star, delete, restore and purge change the caller’s own mailbox only', async () => {
    const { id } = await send('zhangsan', ['lisi']);
    expect((await act('lisi', id, 'star')).status).toBe(200);
    expect((await list('lisi', 'star')).rows.some((r) => r.id === id)).toBe(true);
    expect((await act('lisi', id, 'delete')).body.msg).toBe('已删除');
    expect((await list('lisi', 'inbox')).rows.some((r) => r.id === id)).toBe(false);
    expect((await list('lisi', 'trash')).rows.some((r) => r.id === id)).toBe(true);
    expect((await detail('lisi', id)).body.data.deleted).toBe(true);
    // the sender's copy is untouched
    expect((await list('zhangsan', 'sent')).rows.some((r) => r.id === id)).toBe(true);
    expect((await act('lisi', id, 'restore')).status).toBe(200);
    expect((await list('lisi', 'inbox')).rows.some((r) => r.id === id)).toBe(true);
    await act('lisi', id, 'delete');
    expect((await act('lisi', id, 'purge')).status).toBe(200);
    expect((await list('lisi', 'trash')).rows.some((r) => r.id === id)).toBe(false);
    expect((await act('lisi', id, 'restore')).status).toBe(404);
  });

  it('search finds 1–2 Chinese characters in subject, body and sender', async () => {
    const { id } = await send('zhangsan', ['lisi'], {
      subject: '预算审议',
      bodyHtml: '<p>请核对<b>鲲鹏</b>项目的数据</p>',
    });
    for (const keyword of ['鲲鹏', '鲲', '预算', '张三']) {
      expect(
        (await list('lisi', 'all', keyword)).rows.some((r) => r.id === id),
        keyword,
      ).toBe(true);
    }
    expect((await list('lisi', 'all', '鹏鲲')).rows.some((r) => r.id === id)).toBe(false);
    expect((await list('wangwu', 'all', '鲲鹏')).rows.some((r) => r.id === id)).toBe(false);
  });

  it('mail bodies are stored without anything executable', async () => {
    const { id } = await send('zhangsan', ['lisi'], {
      bodyHtml:
        '<p onclick="x()">好</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">点</a>',
    });
    const body = (await detail('lisi', id)).body.data.bodyHtml;
    expect(body).toBe('<p>好</p><a>点</a>');
  });

  it('bad input is a 400 naming what is wrong, never a 500; no session is 401', async () => {
    const zhangsan = await as('zhangsan');
    const noOne = await zhangsan.post('/api/mail/messages', { subject: '无人', send: true });
    expect(noOne.status).toBe(400);
    expect(noOne.body.msg).toContain('请选择收件人');
    const noSubject = await zhangsan.post('/api/mail/messages', { to: [userId('lisi')], send: true });
    expect(noSubject.body.msg).toContain('请输入邮件主题');
    expect((await zhangsan.post('/api/mail/messages', { to: ['nobody'] })).body.msg).toContain('收件人格式不正确');
    expect(
      (await zhangsan.post('/api/mail/messages', { to: [userId('nobody')], subject: 'x', send: true })).body.msg,
    ).toBe('收件人不存在或已停用');
    expect((await zhangsan.get('/api/mail/list/spam')).status).toBe(400);
    expect((await zhangsan.get('/api/mail/messages/123')).body.msg).toContain('邮件ID格式不正确');
    expect((await zhangsan.post(`/api/mail/messages/${userId('lisi')}/explode`)).status).toBe(400);
    const anonymous = await ctx.as(null);
    expect((await anonymous.get('/api/mail/list/inbox')).status).toBe(401);
    expect((await anonymous.post('/api/mail/messages', { nonsense: true })).status).toBe(401);
  });

  it('the demo seed gives 张三 mail in every folder', async () => {
    for (const folder of ['inbox', 'star', 'draft', 'sent', 'trash'] as const)
      expect((await list('zhangsan', folder)).total, folder).toBeGreaterThan(0);
    expect((await counts('zhangsan')).unread).toBeGreaterThan(0);
  });

  it('folder totals and the unread count are what the folders hold after sending, reading, starring, deleting, restoring and purging', async () => {
    const FOLDERS = ['inbox', 'star', 'draft', 'sent', 'trash'] as const;
    const agree = async (user: string) => {
      for (const folder of FOLDERS) {
        const page = await list(user, folder);
        expect(page.total, `${user} ${folder}`).toBe(page.rows.length);
      }
      const inbox = await list(user, 'inbox');
      const shown = await counts(user);
      expect(shown.unread, `${user} unread`).toBe(inbox.rows.filter((r) => !r.seen).length);
      expect(shown.starred, `${user} starred`).toBe((await list(user, 'star')).total);
      expect(shown.drafts, `${user} drafts`).toBe((await list(user, 'draft')).total);
    };
    const a = await send('zhangsan', ['zhaoliu'], { cc: [userId('sunqi')] });
    const b = await send('sunqi', ['zhaoliu']);
    await agree('zhaoliu');
    for (const action of ['read', 'star', 'unread', 'delete'])
      expect((await act('zhaoliu', a.id, action)).status).toBe(200);
    await agree('zhaoliu');
    for (const action of ['restore', 'read', 'delete', 'purge'])
      expect((await act('zhaoliu', a.id, action)).status).toBe(200);
    expect((await act('zhaoliu', b.id, 'star')).status).toBe(200);
    await agree('zhaoliu');
    await agree('sunqi');
    await agree('zhangsan');
  });

  it('未读邮件 lists only unread inbox mail, however much read mail is newer, and keeps the one being read on request', async () => {
    const older = await send('sunqi', ['zhaoliu'], { subject: '未读在后' });
    for (let i = 0; i < 3; i += 1) {
      const newer = await send('sunqi', ['zhaoliu'], { subject: `已读在前${i}` });
      expect((await act('zhaoliu', newer.id, 'read')).status).toBe(200);
    }
    const unread = await list('zhaoliu', 'unread');
    expect(unread.rows.every((r) => !r.seen)).toBe(true);
    expect(unread.rows.map((r) => r.id)).toContain(older.id);
    expect(unread.total).toBe((await counts('zhaoliu')).unread);
    expect((await act('zhaoliu', older.id, 'read')).status).toBe(200);
    expect((await list('zhaoliu', 'unread')).rows.map((r) => r.id)).not.toContain(older.id);
    const kept = await (
      await as('zhaoliu')
    ).get<{ rows: { id: string; seen: boolean }[] }>(`/api/mail/list/unread?keep=${older.id}`);
    expect(kept.body.data.rows.find((r) => r.id === older.id)?.seen).toBe(true);
    // keep names only the caller's own mail: another's mail id adds nothing
    const others = await send('zhangsan', ['lisi'], { subject: '别人的信' });
    const notMine = await (
      await as('zhaoliu')
    ).get<{ rows: { id: string }[] }>(`/api/mail/list/unread?keep=${others.id}`);
    expect(notMine.body.data.rows.map((r) => r.id)).not.toContain(others.id);
    expect((await (await as('zhaoliu')).get(`/api/mail/list/unread?keep=x`)).status).toBe(400);
  });

  it('colleagues sending drafts to each other at the same moment all get through (no deadlock on the counts)', async () => {
    const pairs = [
      ['zhangsan', 'lisi'],
      ['lisi', 'zhangsan'],
      ['wangwu', 'zhangsan'],
      ['zhangsan', 'wangwu'],
      ['lisi', 'wangwu'],
      ['wangwu', 'lisi'],
    ] as const;
    const drafts = await Promise.all(
      pairs.map(async ([from, to]) => ({
        from,
        to,
        id: (await write(from, { to: [userId(to)], subject: '并发', send: false })).body.data.id,
      })),
    );
    const answers = await Promise.all(
      drafts.map(({ from, to, id }) =>
        write(from, { id, to: [userId(to), userId('zhaoliu')], subject: '并发', send: true }),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(pairs.map(() => 200));
  });
});

import { describe, expect, it } from 'vitest';
import { MAIL_ATTACHMENT_VIEW_PATH } from '../../contract/mail';
import { api } from '../factories/test-server';
import { mailClient, userId } from '../factories/mail-client';
import { drivers, useServer } from './support/server';

// Issue 47 point 6: a 机密 mail's attachments open in the watermarked preview only; no address hands them out.

describe.each(drivers)('a 机密 mail’s attachments on %s', (driver) => {
  const ctx = useServer(driver);
  const { send, write, upload } = mailClient(ctx);
  const fileAt = async (path: string, fileName: string, user: string | null, query = '') =>
    fetch(`${ctx.server.baseUrl}${path}?fileName=${fileName}${query}`, {
      headers: user ? { uid: await ctx.uidOf(user) } : {},
    });
  const ticketFor = async (user: string, path: string) => {
    const answer = await (await ctx.as(user)).post<string>('/api/oauth/ticket', { path });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const msgOf = async (response: Response) => ((await response.json()) as { msg: string }).msg;
  const DOWNLOAD = '/api/form/common/api/downloadFile';
  const INLINE = '/api/form/common/api/preview';

  it('refuses 下载 and the raw inline address to sender and recipient alike, and still serves the preview', async () => {
    const secret = await upload('zhangsan', '薪酬调整方案（机密）');
    await send('zhangsan', ['lisi'], { confidential: true, attachments: [secret] });
    const open = await upload('zhangsan', '公开的会议纪要');
    await send('zhangsan', ['lisi'], { attachments: [open] });

    for (const user of ['lisi', 'zhangsan'])
      for (const path of [DOWNLOAD, INLINE]) {
        const refused = await fileAt(path, secret.fileName, user);
        expect([refused.status, await msgOf(refused)], `${user} ${path}`).toEqual([403, '机密邮件的附件仅可在线预览']);
      }
    // a stranger still hears 文件不存在, as for any file not theirs
    expect((await fileAt(DOWNLOAD, secret.fileName, 'wangwu')).status).toBe(404);
    // a container's viewer reads 下载 with a link ticket: refused the same way
    const containerTicket = await ticketFor('lisi', DOWNLOAD);
    const viaTicket = await fileAt(DOWNLOAD, secret.fileName, null, `&ticket=${encodeURIComponent(containerTicket)}`);
    expect([viaTicket.status, await msgOf(viaTicket)]).toEqual([403, '机密邮件的附件仅可在线预览']);
    // a plain mail's attachment downloads as before
    const plain = await fileAt(DOWNLOAD, open.fileName, 'lisi');
    expect([plain.status, await plain.text()]).toEqual([200, '公开的会议纪要']);

    // the preview's view-only read: the bytes, inline, never kept by the browser
    const ticket = encodeURIComponent(await ticketFor('lisi', MAIL_ATTACHMENT_VIEW_PATH));
    const viewed = await fileAt(MAIL_ATTACHMENT_VIEW_PATH, secret.fileName, null, `&ticket=${ticket}`);
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get('cache-control')).toBe('no-store');
    expect(viewed.headers.get('content-disposition')).toMatch(/^inline/);
    expect(await viewed.text()).toBe('薪酬调整方案（机密）');
    expect((await fileAt(MAIL_ATTACHMENT_VIEW_PATH, secret.fileName, 'zhangsan')).status).toBe(200);
  });

  it('serves the view-only read only to readers of the mail, and only for mail attachments', async () => {
    const secret = await upload('zhangsan', '人事任免名单');
    await send('zhangsan', ['lisi'], { confidential: true, attachments: [secret] });
    const loose = await upload('lisi', '没有附在邮件上的文件');
    expect((await fileAt(MAIL_ATTACHMENT_VIEW_PATH, secret.fileName, 'wangwu')).status).toBe(404);
    expect((await fileAt(MAIL_ATTACHMENT_VIEW_PATH, loose.fileName, 'lisi')).status).toBe(404);
    expect((await fileAt(MAIL_ATTACHMENT_VIEW_PATH, secret.fileName, null)).status).toBe(401);
    // a ticket is for its own path only
    const other = encodeURIComponent(await ticketFor('lisi', DOWNLOAD));
    expect((await fileAt(MAIL_ATTACHMENT_VIEW_PATH, secret.fileName, null, `&ticket=${other}`)).status).toBe(401);
    const bad = await fileAt(MAIL_ATTACHMENT_VIEW_PATH, '', 'lisi');
    expect([bad.status, await msgOf(bad)]).toEqual([400, '请提供文件名']);
  });

  it('lets no reader pass a 机密 attachment on in another mail; it stays view-only wherever it goes', async () => {
    const secret = await upload('zhangsan', '并购谈判底价');
    await send('zhangsan', ['lisi'], { confidential: true, attachments: [secret] });
    const passedOn = await write('lisi', {
      to: [userId('wangwu')],
      subject: '看看这个',
      bodyHtml: '<p>附件</p>',
      attachments: [secret],
      send: true,
    });
    expect([passedOn.status, passedOn.body.msg]).toEqual([403, '机密邮件的附件不能用于其他邮件或流程']);
    // its uploader may reuse the file, and it is still refused to every downloader
    await send('zhangsan', ['wangwu'], { attachments: [secret] });
    for (const user of ['wangwu', 'zhangsan']) expect((await fileAt(DOWNLOAD, secret.fileName, user)).status).toBe(403);
    expect((await api(ctx.server.baseUrl).get(`${DOWNLOAD}?fileName=${secret.fileName}`)).status).toBe(401);
  });
});

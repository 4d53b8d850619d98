import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { mailMessages } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { api, loginAs } from '../factories/test-server';
import { phonesCheckedForErrors, useAppAndBrowser } from './support/app';
import { cacheHolds, controlled } from './support/offline';
import { compose, expectActionBar, expectDownload, expectThumbnail, PHOTO, pickRecipient } from './support/mail-pages';

const env = useAppAndBrowser();
/** phones whose uncaught errors fail the journey, even one that looked right */
const signedIn = phonesCheckedForErrors(env);

async function unreadOf(username: string): Promise<number> {
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
  return (await client.get<{ unread: number }>('/api/mail/counts')).body.data.unread;
}

const sentCount = async (subject: string) => {
  const [row] = await env.app.database.db
    .select({ n: count() })
    .from(mailMessages)
    .where(and(eq(mailMessages.subject, subject), eq(mailMessages.status, 'sent')));
  return toCount(row?.n);
};

describe('mail journey (邮件)', () => {
  it('张三 writes to 李四 with an attachment; 李四 sees the badge, opens it (read at once), downloads the attachment and replies', async () => {
    const subject = `项目周报${Date.now() % 100000}`;
    const body = '本周完成了需求评审，下周开始开发。';
    const reply = '收到，辛苦了！';
    const attachment = {
      name: '周报数据.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('需求评审 3 项，开发 5 项\n', 'utf8'),
    };
    const lisiUnreadBefore = await unreadOf('lisi');

    const zhangsan = await signedIn('zhangsan');
    let uploads = 0;
    zhangsan.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/form/common/file/upload')) uploads += 1;
    });
    await zhangsan.goto(`${env.app.baseUrl}/email/inbox`);
    await compose(zhangsan, '李四', subject, body);
    // picked online, the file takes the same route as offline: held on the phone, uploaded once with the mail
    await zhangsan.getByLabel('添加附件').setInputFiles(attachment);
    await zhangsan.locator('.mail-files').getByText(attachment.name).waitFor();
    await zhangsan.getByRole('button', { name: '发送', exact: true }).click();
    await zhangsan.getByText('邮件已发送').waitFor();
    expect(uploads).toBe(1);
    await zhangsan.waitForURL('**/email/outbox');
    await zhangsan.getByRole('button', { name: new RegExp(subject) }).waitFor();

    const lisi = await signedIn('lisi', { serviceWorker: true });
    const tile = lisi.getByRole('navigation', { name: '应用' }).getByRole('link', { name: /邮件/ });
    await expect.poll(() => tile.innerText(), { timeout: 15_000 }).toContain(String(lisiUnreadBefore + 1));
    await tile.click();
    await lisi.waitForURL('**/email/inbox');
    const row = lisi.getByRole('button', { name: new RegExp(subject) });
    await row.getByLabel('未读').waitFor();
    await row.getByLabel('有附件').waitFor();
    await lisi.getByLabel(`${lisiUnreadBefore + 1}封未读`).waitFor();
    await row.click();
    await lisi.waitForURL('**/email/detail?**');
    await lisi.locator('.mail-body').getByText(body).waitFor();
    // opening it marked it read, on the server
    await expect.poll(() => unreadOf('lisi')).toBe(lisiUnreadBefore);

    // back in the inbox the row and the count are read at once, from the cache, while the lists have not answered
    const heldLists: Route[] = [];
    let holding = true;
    await lisi.route('**/api/mail/{list,counts}**', (route) =>
      holding ? void heldLists.push(route) : route.continue(),
    );
    await lisi.goBack();
    await lisi.waitForURL('**/email/inbox');
    await row.waitFor();
    expect(await row.getByLabel('未读').count()).toBe(0);
    expect(await lisi.getByLabel(`${lisiUnreadBefore + 1}封未读`).count()).toBe(0);
    holding = false;
    await Promise.all(heldLists.map((route) => route.continue()));
    await lisi.unroute('**/api/mail/{list,counts}**');
    await row.click();
    await lisi.waitForURL('**/email/detail?**');

    // the attachment downloads as 张三 uploaded it
    await expectDownload(lisi, attachment);

    // opened once, the mail and its attachment are there offline too
    await controlled(lisi);
    await expect.poll(() => cacheHolds(lisi, body), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => lisi.evaluate(async () => (await (await caches.open('oa-file-previews')).keys()).length), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await lisi.context().setOffline(true);
    await lisi.reload();
    await lisi.locator('.mail-body').getByText(body).waitFor();
    await expectDownload(lisi, attachment);
    await lisi.context().setOffline(false);

    await lisi.getByRole('button', { name: '回复', exact: true }).click();
    await lisi.waitForURL('**/email/compose?**');
    await lisi.locator('.mail-compose-page').getByRole('button', { name: '移除张三' }).waitFor();
    expect(await lisi.getByLabel('主题').inputValue()).toBe(`回复：${subject}`);
    await lisi.getByLabel('正文').fill(reply);
    await lisi.getByRole('button', { name: '发送', exact: true }).click();
    await lisi.getByText('邮件已发送').waitFor();

    await zhangsan.goto(`${env.app.baseUrl}/email/inbox`);
    const answer = zhangsan.getByRole('button', { name: new RegExp(`回复：${subject}`) });
    await answer.getByLabel('未读').waitFor();
    await answer.click();
    await zhangsan.waitForURL('**/email/detail?**');
    await zhangsan.locator('.mail-body').getByText(reply).waitFor();
    // the thread links back to the mail it answers
    await zhangsan
      .getByRole('region', { name: '往来邮件' })
      .getByText(new RegExp(`张三 · ${subject}`))
      .waitFor();
  });

  it('at 360×640 李四 finds 张三 by typing zs in 收件人 and 赵六 by name in 抄送, sends a photo; the detail has one row of touch-size actions and the photo’s thumbnail', async () => {
    const subject = `现场照片${Date.now() % 100000}`;
    const lisi = await signedIn('lisi');
    const downloads: { url: string; uid: string | undefined }[] = [];
    lisi.on('request', (request) => {
      if (request.url().includes('/api/form/common/api/downloadFile'))
        downloads.push({ url: request.url(), uid: request.headers()['uid'] });
    });
    await lisi.goto(`${env.app.baseUrl}/email/inbox`);
    await lisi.getByRole('link', { name: '写邮件' }).click();
    await lisi.waitForURL('**/email/compose');
    await pickRecipient(lisi, '收件人', 'zs', '张三');
    await lisi.getByRole('button', { name: '添加抄送 / 密送' }).click();
    await pickRecipient(lisi, '抄送', '赵六', '赵六');
    await lisi.getByLabel('主题').fill(subject);
    await lisi.getByLabel('正文').fill('设备安装完成，照片见附件。');
    await lisi.getByLabel('添加附件').setInputFiles(PHOTO);
    await lisi.locator('.mail-files').getByText(PHOTO.name).waitFor();
    await expectThumbnail(lisi, PHOTO.name, lisi.locator('.mail-files'));
    await lisi.getByRole('button', { name: '发送', exact: true }).click();
    await lisi.getByText('邮件已发送').waitFor();
    await lisi.waitForURL('**/email/outbox');

    // the sent copy: to 张三, cc 赵六, with the action bar and the thumbnail
    await lisi.getByRole('button', { name: new RegExp(subject) }).click();
    await lisi.waitForURL('**/email/detail?**');
    await lisi.locator('.mail-people').filter({ hasText: '收件人' }).getByText('张三').waitFor();
    await lisi.locator('.mail-people').filter({ hasText: '抄送' }).getByText('赵六').waitFor();
    await expectThumbnail(lisi, PHOTO.name);
    await expectActionBar(lisi, ['回复', '回复全部', '转发', '星标', '删除']);
    // the bytes came through the download call with the session in a header, never in the address
    expect(downloads.length).toBeGreaterThan(0);
    for (const request of downloads) {
      expect(request.uid).toBeTruthy();
      expect(new URL(request.url).searchParams.has('uid')).toBe(false);
      expect(new URL(request.url).searchParams.has('ticket')).toBe(false);
    }

    // 张三 receives it with the same bar and thumbnail
    const zhangsan = await signedIn('zhangsan', { at: '/email/inbox' });
    await zhangsan.getByRole('button', { name: new RegExp(subject) }).click();
    await zhangsan.waitForURL('**/email/detail?**');
    await expectThumbnail(zhangsan, PHOTO.name);
    await expectActionBar(zhangsan, ['回复', '回复全部', '转发', '星标', '删除']);
    // the thumbnail opens the full preview: the image viewer, its footer naming the photo
    await zhangsan.getByRole('button', { name: `预览图片${PHOTO.name}` }).click();
    await zhangsan.locator('.file-preview-image-footer').getByText(`${PHOTO.name}（1/1）`).waitFor();
  });

  it('a mail written offline with an attachment waits in the outbox and is delivered once, attachment included, when the network returns', async () => {
    const subject = `离线邮件${Date.now() % 100000}`;
    const body = '地铁里写的，联网后发出。';
    const attachment = {
      name: '现场记录.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('离线时添加的附件：设备编号 A-17\n', 'utf8'),
    };
    const zhangsan = await signedIn('zhangsan', { serviceWorker: true });
    // every send and upload that reached the server (a request cut off by the network never finishes)
    const sends: string[] = [];
    let uploads = 0;
    zhangsan.on('requestfinished', (request) => {
      if (request.method() !== 'POST') return;
      if (request.url().endsWith('/api/mail/messages')) sends.push(request.headers()['idempotency-key'] ?? '');
      if (request.url().endsWith('/api/form/common/file/upload')) uploads += 1;
    });
    await controlled(zhangsan);
    const contactsLoaded = zhangsan.waitForResponse(
      (response) => response.url().endsWith('/api/mail/contacts/recent') && response.ok(),
    );
    await zhangsan.goto(`${env.app.baseUrl}/email/inbox`);
    await contactsLoaded;

    // offline the org picker cannot search; the recent contacts cached with the folder can still be tapped
    await zhangsan.context().setOffline(true);
    await zhangsan.getByRole('link', { name: '写邮件' }).click();
    await zhangsan.waitForURL('**/email/compose');
    await zhangsan.locator('.mail-suggest').getByRole('button', { name: '李四' }).click();
    await zhangsan.locator('.mail-compose-page').getByRole('button', { name: '移除李四' }).waitFor();
    await zhangsan.getByLabel('主题').fill(subject);
    await zhangsan.getByLabel('正文').fill(body);
    // the attachment is held on the phone until the network returns
    await zhangsan.getByLabel('添加附件').setInputFiles(attachment);
    await zhangsan.locator('.mail-files').getByText(attachment.name).waitFor();
    await zhangsan
      .locator('.mail-files')
      .getByText(/联网后上传/)
      .waitFor();
    await zhangsan.getByRole('button', { name: '发送', exact: true }).click();
    // the app says it waits, and 已发送 lists it under 待发送 with its attachment
    await zhangsan.getByText('已加入待同步队列，联网后自动提交').waitFor();
    await zhangsan.waitForURL('**/email/outbox');
    await zhangsan.getByText('1 项操作待同步').waitFor();
    const waiting = zhangsan.getByRole('region', { name: '待发送' });
    await waiting.getByText(subject).waitFor();
    await waiting.getByText(`附件：${attachment.name}`).waitFor();
    expect(await sentCount(subject)).toBe(0);
    expect(uploads).toBe(0);

    await zhangsan.context().setOffline(false);
    await expect.poll(() => sentCount(subject), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => zhangsan.getByRole('region', { name: '待发送' }).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => zhangsan.getByText(/项操作待同步/).count()).toBe(0);
    await zhangsan.getByRole('button', { name: new RegExp(subject) }).waitFor();
    // one upload, one send, with the outbox's key
    expect(uploads).toBe(1);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatch(/\S{16,}/);
    const [stored] = await env.app.database.db
      .select({ attachments: mailMessages.attachments })
      .from(mailMessages)
      .where(eq(mailMessages.subject, subject));
    expect(stored?.attachments.map((a) => a.attachName)).toEqual([attachment.name]);

    const lisi = await signedIn('lisi', { at: '/email/inbox' });
    const row = lisi.getByRole('button', { name: new RegExp(subject) });
    await row.getByLabel('有附件').waitFor();
    expect(await row.count()).toBe(1);
    await row.click();
    await lisi.waitForURL('**/email/detail?**');
    await lisi.locator('.mail-body').getByText(body).waitFor();
    await expectDownload(lisi, attachment);
    expect(await sentCount(subject)).toBe(1);
  });
});

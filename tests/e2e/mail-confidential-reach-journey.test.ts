import { afterEach, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { api, loginAs } from '../factories/test-server';
import { userId } from '../factories/mail-client';
import { PHONE, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';

// Issue 47 point 6: a 机密 mail's attachment is only ever looked at, and its notices name sender and subject only.

const env = useAppAndBrowser();

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

async function phoneAs(username: string) {
  const { context, errors } = await newContext(env.browser, PHONE);
  pageErrors.push(errors);
  const page = await context.newPage();
  await openSignedIn(page, env.app.baseUrl, username, '/phonehome');
  await page.waitForURL('**/phonehome');
  return page;
}

describe('a 机密 mail at 360×640 (issue 47.6)', () => {
  it('李四 reads its attachment in the preview, while the download address refuses it even to him', async () => {
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const data = new FormData();
    data.append('file', new Blob(['年度预算草案：研发投入八千万']), '年度预算.txt');
    const [file] = (await zhangsan.post<UploadedFile[]>('/api/form/common/file/upload', data)).body.data;
    const sent = await zhangsan.post<{ id: string }>('/api/mail/messages', {
      to: [userId('lisi')],
      subject: `机密预算${Date.now() % 100000}`,
      bodyHtml: '<p>见附件</p>',
      attachments: [file],
      confidential: true,
      send: true,
    });
    expect(sent.status, sent.body.msg).toBe(200);

    const page = await phoneAs('lisi');
    await page.goto(`${env.app.baseUrl}/email/detail?id=${sent.body.data.id}`);
    const attachments = page.getByRole('region', { name: '附件' });
    await attachments.getByText('仅可预览').waitFor({ timeout: 20_000 });
    await attachments.getByRole('button', { name: '年度预算.txt', exact: true }).click();
    const preview = page.getByRole('dialog', { name: '预览 年度预算.txt' });
    // the file itself shows, under the watermark, with no 下载 anywhere
    await preview.getByText('年度预算草案：研发投入八千万').waitFor({ timeout: 20_000 });
    await preview.getByTestId('preview-watermark').waitFor({ state: 'attached' });
    expect(await preview.getByRole('button', { name: '下载' }).count()).toBe(0);

    // the app's own session asking the download address for it hears why not
    const asked = await page.evaluate(async (fileName) => {
      const uid = localStorage.getItem('oa.uid') ?? '';
      const response = await fetch(`/api/form/common/api/downloadFile?fileName=${fileName}`, { headers: { uid } });
      return { status: response.status, msg: ((await response.json()) as { msg: string }).msg };
    }, file!.fileName);
    expect(asked).toEqual({ status: 403, msg: '机密邮件的附件仅可在线预览' });

    // an answer stays 机密: the compose page says so and does not let it be unticked
    await page.goto(`${env.app.baseUrl}/email/detail?id=${sent.body.data.id}`);
    await page.getByRole('toolbar', { name: '邮件操作' }).getByRole('button', { name: '回复', exact: true }).click();
    const secret = page.getByRole('switch', { name: '机密' });
    await expect.poll(() => secret.isChecked(), { timeout: 15_000 }).toBe(true);
    expect(await secret.isDisabled()).toBe(true);
  });

  it('张三’s 消息 shows 李四’s answer in a 机密 thread by sender and subject only, not the quoted secret', async () => {
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const lisi = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
    const subject = `人事任免${Date.now() % 100000}`;
    const secret = await zhangsan.post<{ id: string }>('/api/mail/messages', {
      to: [userId('lisi')],
      subject,
      bodyHtml: '<p>拟任命王五为财务总监。</p>',
      confidential: true,
      channels: ['app'],
      send: true,
    });
    expect(secret.status, secret.body.msg).toBe(200);
    const reply = await lisi.post('/api/mail/messages', {
      to: [userId('zhangsan')],
      subject: `回复：${subject}`,
      bodyHtml: '<blockquote><p>拟任命王五为财务总监。</p></blockquote>',
      parentId: secret.body.data.id,
      relation: 'reply',
      channels: ['app'],
      send: true,
    });
    expect(reply.status, reply.body.msg).toBe(200);

    const page = await phoneAs('zhangsan');
    await page.goto(`${env.app.baseUrl}/message`);
    const row = page
      .getByRole('list', { name: '消息列表' })
      .getByRole('button', { name: new RegExp(`新邮件：回复：${subject}`) });
    await row.waitFor({ timeout: 20_000 });
    const text = await row.innerText();
    expect(text).toContain(`李四发来机密邮件「回复：${subject}」，请在系统内查看`);
    expect(text).not.toContain('财务总监');
  });
});

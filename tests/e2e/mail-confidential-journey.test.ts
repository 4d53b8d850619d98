import { afterEach, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { api, loginAs } from '../factories/test-server';
import { userId } from '../factories/mail-client';
import { PHONE, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';

// Issue 47 point 6: a 机密 mail cannot be forwarded, and its attachments open only in the watermarked preview.

const env = useAppAndBrowser();

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

/** 张三 sends 李四 a mail with a text attachment (machine-made: the journey is the reader's). */
async function sendWithAttachment(confidential: boolean) {
  const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
  const data = new FormData();
  data.append('file', new Blob(['预算草案，请勿外传']), '预算草案.txt');
  const [file] = (await zhangsan.post<UploadedFile[]>('/api/form/common/file/upload', data)).body.data;
  const subject = `${confidential ? '机密' : '普通'}预算${Date.now() % 100000}`;
  const sent = await zhangsan.post<{ id: string }>('/api/mail/messages', {
    to: [userId('lisi')],
    subject,
    bodyHtml: '<p>见附件</p>',
    attachments: [file],
    confidential,
    send: true,
  });
  expect(sent.status, sent.body.msg).toBe(200);
  return sent.body.data.id;
}

describe('confidential mail (机密)', () => {
  it('李四 reads a 机密 mail without 转发 or 下载: its attachment opens in the watermarked preview only', async () => {
    const [secret, plain] = [await sendWithAttachment(true), await sendWithAttachment(false)];
    const { context, errors } = await newContext(env.browser, PHONE);
    pageErrors.push(errors);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/phonehome');
    await page.waitForURL('**/phonehome');

    // a plain mail, for contrast: 转发 and 下载 are there
    await page.goto(`${env.app.baseUrl}/email/detail?id=${plain}`);
    const bar = page.getByRole('toolbar', { name: '邮件操作' });
    await bar.getByRole('button', { name: '转发' }).waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: '附件' }).getByRole('button', { name: '下载' }).waitFor();

    await page.goto(`${env.app.baseUrl}/email/detail?id=${secret}`);
    await bar.getByRole('button', { name: '回复', exact: true }).waitFor({ timeout: 15_000 });
    expect(await bar.getByRole('button', { name: '转发' }).count()).toBe(0);
    const attachments = page.getByRole('region', { name: '附件' });
    await attachments.getByText('仅可预览').waitFor();
    expect(await attachments.getByRole('button', { name: '下载' }).count()).toBe(0);

    await attachments.getByRole('button', { name: '预算草案.txt', exact: true }).click();
    const preview = page.getByRole('dialog', { name: '预览 预算草案.txt' });
    await preview.waitFor();
    await preview.getByTestId('preview-watermark').waitFor({ state: 'attached', timeout: 15_000 });
    expect(await preview.getByRole('button', { name: '下载' }).count()).toBe(0);
  });
});

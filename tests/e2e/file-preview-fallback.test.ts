import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { demoId } from '../../server/db/seed/demo-ids';
import { api, loginAs } from '../factories/test-server';
import { PHONE, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';

// a server without LibreOffice: the legacy formats cannot be converted there
const env = useAppAndBrowser({ SOFFICE_PATH: '/nonexistent/soffice' });

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

describe('when a file cannot be shown in the app (issue 31)', () => {
  it('says why in Chinese and 下载 hands over the file: no LibreOffice on the server, offline and never opened', async () => {
    const sender = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const data = new FormData();
    const doc = await fs.readFile(path.resolve('tests/fixtures/preview/leave.doc'));
    data.append('file', new Blob([new Uint8Array(doc)]), '旧版说明.doc');
    data.append(
      'file',
      new Blob([new Uint8Array(await fs.readFile(path.resolve('tests/fixtures/preview/leave.docx')))]),
      '未打开过.docx',
    );
    const files = (await sender.post<UploadedFile[]>('/api/form/common/file/upload', data)).body.data;
    const sent = await sender.post<{ id: string }>('/api/mail/messages', {
      to: [demoId('user:lisi')],
      subject: '旧格式文件',
      attachments: files,
      send: true,
    });
    expect(sent.status, sent.body.msg).toBe(200);

    const { context, errors } = await newContext(env.browser, PHONE);
    pageErrors.push(errors);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/phonehome');
    await page.waitForURL('**/phonehome');
    await page.goto(`${env.app.baseUrl}/email/detail?id=${sent.body.data.id}`);

    await page.getByRole('button', { name: '旧版说明.doc', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '预览 旧版说明.doc' });
    await dialog
      .getByRole('alert')
      .filter({ hasText: '服务器未安装文档转换组件，暂不能预览该文件，请下载后查看' })
      .waitFor();
    const downloaded = page.waitForEvent('download');
    await dialog.getByRole('alert').getByRole('button', { name: '下载' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('旧版说明.doc');
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(doc)).toBe(true);
    await dialog.getByRole('button', { name: '关闭' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    await context.setOffline(true);
    await page.getByRole('button', { name: '未打开过.docx', exact: true }).click();
    await page
      .getByRole('dialog', { name: '预览 未打开过.docx' })
      .getByRole('alert')
      .filter({ hasText: '当前处于离线状态，该文件尚未缓存，请联网后再打开' })
      .waitFor();
    await context.close();
  });
});

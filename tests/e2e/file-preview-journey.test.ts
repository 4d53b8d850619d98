import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { UploadedFile } from '../../contract/files';
import { demoId } from '../../server/db/seed/demo-ids';
import { defId, forms } from '../factories/flow-client';
import { api, loginAs } from '../factories/test-server';
import { phonesCheckedForErrors, useAppAndBrowser } from './support/app';
import { cacheHolds, controlled } from './support/offline';

const env = useAppAndBrowser();
/** phones whose uncaught errors fail the journey, even one that looked right */
const signedIn = phonesCheckedForErrors(env);

/** The small office files under tests/fixtures/preview (made with LibreOffice), uploaded under the names people see. */
const FILES = [
  ['leave.docx', '请假说明.docx'],
  ['budget.xlsx', '预算表.xlsx'],
  ['leave.pdf', '请假说明.pdf'],
  ['leave.doc', '旧版说明.doc'],
] as const;

async function uploadAll(username: string): Promise<UploadedFile[]> {
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
  const data = new FormData();
  for (const [fixture, name] of FILES)
    data.append(
      'file',
      new Blob([new Uint8Array(await fs.readFile(path.resolve('tests/fixtures/preview', fixture)))]),
      name,
    );
  const answer = await client.post<UploadedFile[]>('/api/form/common/file/upload', data);
  expect(answer.status, answer.body.msg).toBe(200);
  return answer.body.data;
}

/** Opens an attachment's preview by its name and answers the preview dialog. */
async function open(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: `预览 ${name}` });
  await dialog.waitFor();
  return dialog;
}

async function close(page: Page, dialog: Awaited<ReturnType<typeof open>>) {
  await dialog.getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The PDF's words are in its text layer (selectable, found by find-in-page and screen readers), not only painted. */
async function expectPdfText(dialog: Awaited<ReturnType<typeof open>>, words: string) {
  await expect
    .poll(async () => (await dialog.locator('.textLayer').allTextContents()).join(''), { timeout: 60_000 })
    .toContain(words);
  await dialog.getByText('第 1 / 1 页').waitFor();
}

describe('office file preview in the app (issue 31)', () => {
  it('李四 reads a mail’s Word, Excel, PDF and legacy .doc attachments in the app, and the Word file again offline', async () => {
    const files = await uploadAll('zhangsan');
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const sent = await zhangsan.post<{ id: string }>('/api/mail/messages', {
      to: [demoId('user:lisi')],
      subject: '年休假材料',
      bodyHtml: '<p>请查阅附件</p>',
      attachments: files,
      send: true,
    });
    expect(sent.status, sent.body.msg).toBe(200);

    const lisi = await signedIn('lisi', { serviceWorker: true });
    await lisi.goto(`${env.app.baseUrl}/email/detail?id=${sent.body.data.id}`);
    await lisi.getByRole('region', { name: '附件' }).waitFor();

    const word = await open(lisi, '请假说明.docx');
    await word.getByText('关于年休假安排的说明').waitFor();
    await word.getByRole('cell', { name: '张三' }).waitFor(); // the table came through as a table
    // the viewer's name and the date lie over the document
    const today = await lisi.evaluate(() => new Date().toLocaleDateString('sv-SE')); // yyyy-MM-dd in the phone's zone
    expect(await word.getByTestId('preview-watermark').getAttribute('data-text')).toBe(`李四 ${today}`);
    await close(lisi, word);

    const excel = await open(lisi, '预算表.xlsx');
    await excel.getByRole('cell', { name: '差旅费' }).waitFor();
    await excel.getByRole('tab', { name: '二季度预算' }).click();
    await excel.getByRole('cell', { name: '培训费' }).waitFor();
    await close(lisi, excel);

    const pdf = await open(lisi, '请假说明.pdf');
    await expectPdfText(pdf, '关于年休假安排的说明');
    // 查找: a phone's web view has no find-in-page, the viewer has
    await pdf.getByRole('searchbox', { name: '在文档中查找' }).fill('三个工作日');
    await pdf.getByRole('button', { name: '查找' }).click();
    await pdf.getByText('第 1 页找到').waitFor();
    await expect
      .poll(() => pdf.locator('.textLayer .file-preview-found').allTextContents())
      .toEqual([expect.stringContaining('三个工作日')]);
    await pdf.getByRole('searchbox', { name: '在文档中查找' }).fill('不存在的词语');
    await pdf.getByRole('button', { name: '查找' }).click();
    await pdf.getByText('未找到').waitFor();
    // two fingers spread apart over the pages: the document zooms (and is drawn again at the new size)
    const pages = (await pdf.locator('.file-preview-pdf-pages').boundingBox())!;
    const finger = await lisi.context().newCDPSession(lisi);
    const [cx, cy] = [pages.x + pages.width / 2, pages.y + pages.height / 2];
    const pinch = (gap: number) => [
      { x: cx - gap, y: cy, id: 1 },
      { x: cx + gap, y: cy, id: 2 },
    ];
    await finger.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pinch(40) });
    for (const gap of [50, 60, 70])
      await finger.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pinch(gap) });
    // a busy renderer may drop a touch move: the fingers close in on their last spread until the pages follow them
    await expect
      .poll(async () => {
        for (const gap of [79, 80])
          await finger.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pinch(gap) });
        // React draws a move's stretch in a task after the event: read once the page has drawn a frame since
        await lisi.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0))));
        return pdf.locator('.file-preview-pdf-pages > div').getAttribute('style');
      })
      .toContain('scale(2)');
    await finger.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await pdf.getByText('200%').waitFor();
    await close(lisi, pdf);

    // .doc: converted to PDF by LibreOffice on the server, then shown like a PDF
    const legacy = await open(lisi, '旧版说明.doc');
    await expectPdfText(legacy, '关于年休假安排的说明');
    await close(lisi, legacy);

    // no network, the app started again: the mail and the Word file opened before open from the phone's copies
    await controlled(lisi);
    await expect.poll(() => cacheHolds(lisi, '年休假材料')).toBe(true);
    await lisi.context().setOffline(true);
    await lisi.reload();
    await lisi.getByRole('region', { name: '附件' }).waitFor();
    const again = await open(lisi, '请假说明.docx');
    await again.getByText('关于年休假安排的说明').waitFor();
    await close(lisi, again);
    await lisi.context().setOffline(false);
    await lisi.context().close();
    // four viewers, a cold LibreOffice conversion and a service worker install in one journey: 90 s ran out in CI
  }, 180_000);

  it('李四 reads the Word and PDF attached to 张三’s 请假 request before deciding', async () => {
    const files = await uploadAll('zhangsan');
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(),
      attachments: files.map(({ fileName, attachName }) => ({ fileName, attachName })),
    });
    expect(started.status, started.body.msg).toBe(200);

    const lisi = await signedIn('lisi', { at: `/followWaitDetail?instanceId=${started.body.data.id}` });
    await lisi.getByRole('list', { name: '流转记录' }).waitFor();

    const word = await open(lisi, '请假说明.docx');
    await word.getByText('年休假申请须提前三个工作日提交审批', { exact: false }).waitFor();
    await close(lisi, word);
    const pdf = await open(lisi, '请假说明.pdf');
    await expectPdfText(pdf, '关于年休假安排的说明');
    await close(lisi, pdf);
    await lisi.context().close();
  });

  it('李四 swipes between the two photos of one request with the image viewer, under the watermark', async () => {
    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const data = new FormData();
    for (const name of ['现场一.png', '现场二.png'])
      data.append('file', new Blob([new Uint8Array(name === '现场一.png' ? RED : BLUE)]), name);
    const photos = (await zhangsan.post<UploadedFile[]>('/api/form/common/file/upload', data)).body.data;
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(),
      attachments: photos.map(({ fileName, attachName }) => ({ fileName, attachName })),
    });
    expect(started.status, started.body.msg).toBe(200);

    const lisi = await signedIn('lisi', { at: `/followWaitDetail?instanceId=${started.body.data.id}` });
    await lisi.getByRole('button', { name: '现场一.png', exact: true }).click();
    await lisi.getByText('现场一.png（1/2）').waitFor();
    await lisi.getByTestId('preview-watermark').waitFor({ state: 'attached' });
    // a finger swipes to the left (touch events, as a phone sends them): the request's next photo
    const box = (await lisi.locator('.adm-image-viewer-slides').boundingBox())!;
    const touch = await lisi.context().newCDPSession(lisi);
    const y = box.y + box.height / 2;
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: box.x + box.width * 0.85, y }],
    });
    for (let step = 1; step <= 8; step++) {
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: box.x + box.width * (0.85 - step * 0.09), y }],
      });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await lisi.getByText('现场二.png（2/2）').waitFor();
    await lisi.locator('.file-preview-image-footer').getByText('关闭', { exact: true }).click();
    await lisi.getByText('现场二.png（2/2）').waitFor({ state: 'detached' });
    await lisi.context().close();
  });
});

/** Two 1×1 PNGs of different colours (different bytes, so two stored files). */
const RED = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const BLUE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==',
  'base64',
);

import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import type { FlowListRow } from '../../contract/flow';
import { defId, forms } from '../factories/flow-client';
import { api, loginAs } from '../factories/test-server';
import { PHONE, newContext, withServiceWorker } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';
import { cacheHolds, controlled } from './support/offline';

const env = useAppAndBrowser();

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

/** A 1×1 PNG (the photo of the request). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** 张三 asks 李四 for three leaves, each with a PDF and a photo; answers their reasons and ids. */
async function leavesWithAttachments(): Promise<{ reason: string; instanceId: string }[]> {
  const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
  const leaves: { reason: string; instanceId: string }[] = [];
  for (let n = 1; n <= 3; n++) {
    const data = new FormData();
    const pdf = await fs.readFile(path.resolve('tests/fixtures/preview/leave.pdf'));
    data.append('file', new Blob([new Uint8Array(pdf)]), `请假说明${n}.pdf`);
    data.append('file', new Blob([new Uint8Array(PHOTO)]), `现场照片${n}.png`);
    const uploaded = await zhangsan.post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(uploaded.status, uploaded.body.msg).toBe(200);
    const reason = `离线同步-${n}-${Date.now()}`;
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(1, reason),
      attachments: uploaded.body.data.map(({ fileName, attachName }) => ({ fileName, attachName })),
    });
    expect(started.status, started.body.msg).toBe(200);
    leaves.push({ reason, instanceId: started.body.data.id });
  }
  return leaves;
}

describe('离线同步 (issue 45)', () => {
  it('李四 syncs online, then offline opens every open 待办 he never opened, its attachments rendered', async () => {
    const leaves = await leavesWithAttachments();
    const lisiApi = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
    const todo = (await lisiApi.get<{ rows: FlowListRow[] }>('/api/flow/task/todo?pageSize=100')).body.data.rows;
    expect(todo.length).toBeGreaterThanOrEqual(3);

    const { context, errors } = await newContext(env.browser, withServiceWorker(PHONE));
    pageErrors.push(errors);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/phonehome');
    await page.waitForURL('**/phonehome');
    await controlled(page);

    // 我的 → 离线数据: the sync that ran after login, what it kept (his open 待办 with six files) and when
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    await page.getByRole('button', { name: '离线数据' }).click();
    await page.waitForURL('**/myCenter/offlineData');
    const kept = page.getByRole('region', { name: '已保存到本机' });
    await kept
      .getByText(new RegExp(`^${todo.length}项 · 附件([6-9]|\\d{2,})个 · `))
      .waitFor({ timeout: 90_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await page.locator('body').innerText()}`);
      });
    await expect.poll(() => page.getByText('尚未同步').count(), { timeout: 30_000 }).toBe(0);
    for (const { reason } of leaves) await expect.poll(() => cacheHolds(page, reason), { timeout: 30_000 }).toBe(true);

    // no network, the app started again: every open 待办 opens from the phone, though none was opened before
    await context.setOffline(true);
    for (const row of todo) {
      await page.goto(`${env.app.baseUrl}/followWaitDetail?instanceId=${row.instanceId}&taskId=${row.id}`);
      await page.locator('.flow-detail-title', { hasText: row.title }).waitFor({ timeout: 30_000 });
    }
    for (const [index, { reason, instanceId }] of leaves.entries()) {
      await page.goto(`${env.app.baseUrl}/followWaitDetail?instanceId=${instanceId}`);
      await page.getByText(reason).first().waitFor({ timeout: 30_000 });
      const n = index + 1;
      await page
        .getByRole('button', { name: `请假说明${n}.pdf`, exact: true })
        .first()
        .click();
      const pdf = page.getByRole('dialog', { name: `预览 请假说明${n}.pdf` });
      await expect
        .poll(async () => (await pdf.locator('.textLayer').allTextContents()).join(''), { timeout: 60_000 })
        .toContain('关于年休假安排的说明')
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\n${await pdf.innerText()}`);
        });
      await pdf.getByRole('button', { name: '关闭' }).click();
      await pdf.waitFor({ state: 'detached' });
      await page
        .getByRole('button', { name: `现场照片${n}.png`, exact: true })
        .first()
        .click();
      await page.getByText(`现场照片${n}.png（1/1）`).waitFor();
      await expect
        .poll(() =>
          page
            .locator('.adm-image-viewer-slides img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(1);
      await page.locator('.file-preview-image-footer').getByText('关闭', { exact: true }).click();
    }
    await context.setOffline(false);
    await context.close();
  }, 420_000);
});

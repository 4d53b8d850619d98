import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import { flowTasks } from '../../server/db/schema';
import { defId, forms } from '../factories/flow-client';
import { api, loginAs } from '../factories/test-server';
import { PHONE, newContext, withServiceWorker } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';
import { cacheHolds, controlled } from './support/offline';
import { pushInto } from './support/push';

const env = useAppAndBrowser();

/** The signed-in page handed the worker its session (src/lib/outbox-authority.ts). */
const workerHasSession = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('oa-outbox-authority');
        // not there yet: creating it empty here would leave the page's store without its object store
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('authority')) return resolve(false);
          const get = db.transaction('authority').objectStore('authority').get('current');
          get.onsuccess = () => resolve(!!get.result);
          get.onerror = () => resolve(false);
        };
      }),
  );

describe('离线同步 with the app closed (issue 45 §1)', () => {
  it('a 待办 pushed while the app is closed opens offline later, with its attachment, never opened before', async () => {
    const { context, errors } = await newContext(env.browser, withServiceWorker(PHONE));
    // a push subscription exists only once the person has allowed notifications
    await context.grantPermissions(['notifications'], { origin: env.app.baseUrl });
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/phonehome');
    await page.waitForURL('**/phonehome');
    await controlled(page);
    await expect.poll(() => workerHasSession(page), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => cacheHolds(page, '李四', ['session']), { timeout: 60_000 }).toBe(true);

    // the app is closed; a blank tab keeps the browser's DevTools session to hand the push to the worker
    const blank = await context.newPage();
    const deliver = await pushInto(blank, env.app.baseUrl);
    await page.close();

    const zhangsan = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const data = new FormData();
    const pdf = await fs.readFile(path.resolve('tests/fixtures/preview/leave.pdf'));
    data.append('file', new Blob([new Uint8Array(pdf)]), '请假说明.pdf');
    const uploaded = await zhangsan.post<UploadedFile[]>('/api/form/common/file/upload', data);
    expect(uploaded.status, uploaded.body.msg).toBe(200);
    const reason = `关着也同步-${Date.now()}`;
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(1, reason),
      attachments: uploaded.body.data.map(({ fileName, attachName }) => ({ fileName, attachName })),
    });
    expect(started.status, started.body.msg).toBe(200);
    const instanceId = started.body.data.id;
    const [task] = await env.app.database.db
      .select({ id: flowTasks.id })
      .from(flowTasks)
      .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));

    // the worker, with no app window open, reads the new 待办 and keeps its attachment (its last step)
    const fileName = encodeURIComponent(uploaded.body.data[0]!.fileName);
    const fileKept = context.waitForEvent('requestfinished', {
      predicate: (request) => request.url().includes(`fileName=${fileName}`),
      timeout: 60_000,
    });
    expect(
      await deliver({
        title: '待办提醒',
        body: `张三的请假：${reason}`,
        url: `/followWaitDetail?instanceId=${instanceId}`,
      }),
    ).toBe('Success');
    await fileKept;
    // the kept copy is written after its bytes arrive
    await blank.waitForTimeout(1_000);

    await context.setOffline(true);
    const again = await context.newPage();
    await again.goto(`${env.app.baseUrl}/followWaitDetail?instanceId=${instanceId}&taskId=${task!.id}`);
    await again
      .getByText(reason)
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await again.locator('body').innerText()}`);
      });
    await again.getByRole('button', { name: '请假说明.pdf', exact: true }).first().click();
    const preview = again.getByRole('dialog', { name: '预览 请假说明.pdf' });
    await expect
      .poll(async () => (await preview.locator('.textLayer').allTextContents()).join(''), { timeout: 60_000 })
      .toContain('关于年休假安排的说明')
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await preview.innerText()}`);
      });
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});

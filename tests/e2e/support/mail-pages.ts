import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { atRest } from './at-rest';

// What the mail journeys do and check on a page: writing, picking recipients, the detail's bar, attachments.

/** From a mail folder, writes a mail: the recipient through the OrgUserSelector, then subject and body. */
export async function compose(page: Page, to: string, subject: string, body: string) {
  await page.getByRole('link', { name: '写邮件' }).click();
  await page.waitForURL('**/email/compose');
  await page.getByRole('button', { name: '＋ 添加' }).first().click();
  await page.getByPlaceholder('搜索姓名、账号或手机号').fill(to);
  await page.getByRole('checkbox', { name: `选择${to}` }).check();
  await page.getByRole('button', { name: /^确定/ }).click();
  await page
    .locator('.mail-compose-page')
    .getByRole('button', { name: `移除${to}` })
    .waitFor();
  await page.getByLabel('主题').fill(subject);
  await page.getByLabel('正文').fill(body);
}

/** The opened mail lists the attachment, and 下载 hands over the very bytes the sender attached. */
export async function expectDownload(page: Page, attachment: { name: string; buffer: Buffer }) {
  const attachments = page.getByRole('region', { name: '附件' });
  await attachments.getByText(attachment.name).waitFor();
  const downloaded = page.waitForEvent('download');
  await attachments.getByRole('button', { name: '下载' }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe(attachment.name);
  // the browser is shared over a connection (tests/e2e/support/global-browser.ts): the file comes back as a stream
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toBe(attachment.buffer.toString('utf8'));
}

/** A 1×1 PNG: an image attachment the detail shows as a thumbnail. */
export const PHOTO = {
  name: '现场照片.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** Types into a recipient line (收件人, 抄送, 密送) and picks the colleague from the matches. */
export async function pickRecipient(page: Page, line: string, typed: string, name: string) {
  await page.getByRole('combobox', { name: line, exact: true }).fill(typed);
  await page
    .getByRole('listbox', { name: `${line}候选` })
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .click();
  await page
    .locator('.mail-compose-page')
    .getByRole('button', { name: `移除${name}` })
    .waitFor();
  expect(await page.getByRole('combobox', { name: line, exact: true }).inputValue()).toBe('');
}

/** The detail's action bar: the given buttons in one row at the screen's foot, each at least 44 px tall, none clipped. */
export async function expectActionBar(page: Page, labels: string[]) {
  const bar = page.getByRole('toolbar', { name: '邮件操作' });
  await atRest(bar);
  const boxes = await bar.getByRole('button').evaluateAll((buttons) =>
    buttons.map((b) => {
      const r = b.getBoundingClientRect();
      return {
        text: b.textContent,
        top: Math.round(r.top),
        bottom: r.bottom,
        left: r.left,
        right: r.right,
        height: r.height,
        clipped: b.scrollWidth > b.clientWidth + 1,
      };
    }),
  );
  expect(boxes.map((b) => b.text)).toEqual(labels);
  expect(new Set(boxes.map((b) => b.top)).size, 'one row').toBe(1);
  for (const box of boxes) {
    expect(box.height, box.text!).toBeGreaterThanOrEqual(44);
    expect(box.left, box.text!).toBeGreaterThanOrEqual(0);
    expect(box.right, box.text!).toBeLessThanOrEqual(360);
    expect(box.clipped, box.text!).toBe(false);
  }
  const viewport = page.viewportSize()!;
  expect(Math.max(...boxes.map((b) => b.bottom))).toBeGreaterThan(viewport.height - 16);
  expect(Math.max(...boxes.map((b) => b.bottom))).toBeLessThanOrEqual(viewport.height);
}

/** The image attachment shows as a thumbnail, loaded through the authorised download call (the session in a header). */
export async function expectThumbnail(page: Page, name: string, where = page.getByRole('region', { name: '附件' })) {
  const thumb = where.getByRole('img', { name });
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
    .toBe(1);
  expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
}

import { existsSync } from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { UploadedFile } from '../contract/files';
import { demoId } from '../server/db/seed/demo-ids';
import { api, loginAs, startTestServer } from '../tests/factories/test-server';
import { PHONE, launchChromium } from '../tests/e2e/support/browser';
import { makeDocx, makePdf } from './lib/office-fixtures';

/*
 * Issue 48: tap on a mail's attachment → its first page on screen, at 360×640 with the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate), for a 20-page PDF and a 5-page .docx. Each run is a fresh browser context (empty
 * HTTP cache, no service worker): "at once" taps as soon as the mail shows, "after reading" touches the mail's text
 * and waits a while first, as a person reads a mail before opening its attachment.
 */
const RUNS = 5;
const SLOWDOWN = 4;
const TARGET_MS = 2000;
const IDLE_MS = 8000;
const FILES = [
  { name: '年休假制度（20页）.pdf', pages: 20, first: '[data-page-number="1"][data-drawn]' },
  { name: '年休假说明（5页）.docx', pages: 5, first: '.file-preview-docx section' },
] as const;

/** Page-side code as source text (tsx would wrap named functions in a `__name` helper the page lacks). */
const WATCH = `(() => {
  window.__firstPageAt = undefined;
  addEventListener('click', function () { window.__tapAt = performance.now(); }, true);
  const check = function () {
    if (window.__tapAt !== undefined && window.__firstPageAt === undefined && window.__selector &&
        document.querySelector(window.__selector)) window.__firstPageAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})()`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function mailWithAttachments(baseUrl: string): Promise<string> {
  const zhangsan = api(baseUrl, await loginAs(baseUrl, 'zhangsan', '123456'));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makePdf(20))]), FILES[0].name);
  form.append('file', new Blob([new Uint8Array(await makeDocx(5))]), FILES[1].name);
  const uploaded = await zhangsan.post<UploadedFile[]>('/api/form/common/file/upload', form);
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.body.msg}`);
  const sent = await zhangsan.post<{ id: string }>('/api/mail/messages', {
    to: [demoId('user:lisi')],
    subject: '年休假制度材料',
    bodyHtml: '<p>请查阅附件</p>',
    attachments: uploaded.body.data,
    send: true,
  });
  if (sent.status !== 200) throw new Error(`mail: ${sent.body.msg}`);
  return sent.body.data.id;
}

async function tap(page: Page, file: (typeof FILES)[number]): Promise<number> {
  await page.getByRole('button', { name: file.name, exact: true }).first().click();
  await page.waitForSelector(file.first, { state: 'attached', timeout: 60_000 });
  await page.waitForFunction('window.__firstPageAt !== undefined', undefined, { timeout: 60_000 });
  return page.evaluate<number>('window.__firstPageAt - window.__tapAt');
}

/** One tap on the attachment in a fresh phone: ms from the tap to the first page, and the pages it showed. */
async function tapToFirstPage(browser: Browser, url: string, uid: string, file: (typeof FILES)[number], idle: boolean) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    await context.addInitScript((value) => localStorage.setItem('oa.uid', value), uid);
    await context.addInitScript(WATCH);
    const page: Page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await page.goto(url);
    await page.getByRole('region', { name: '附件' }).waitFor({ timeout: 60_000 });
    if (idle) {
      // the person reads the mail (a touch on its text) for a while: the scenario, not a wait for a result
      await page.getByText('请查阅附件').tap();
      await page.waitForTimeout(IDLE_MS);
    }
    await page.evaluate(`window.__selector = ${JSON.stringify(file.first)}`);
    const ms = await tap(page, file);
    const dialog = page.getByRole('dialog', { name: `预览 ${file.name}` });
    const pages = file.name.endsWith('.pdf')
      ? await dialog
          .getByText(`/ ${file.pages} 页`)
          .waitFor({ timeout: 60_000 })
          .then(() => file.pages)
      : await page
          .waitForFunction((n) => document.querySelectorAll('.file-preview-docx section').length >= n, file.pages, {
            timeout: 60_000,
          })
          .then(() => page.locator('.file-preview-docx section').count());
    // the floor: the same file opened again in the same page, its bytes and the viewer code already there
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    await page.evaluate('window.__firstPageAt = undefined');
    return { ms, again: await tap(page, file), pages };
  } finally {
    await context.close();
  }
}

/** Runs against dist/ (run `npm run build` first); returns markdown lines for bench/results.md. */
export async function runFilePreviewBench(): Promise<string[]> {
  const distDir = process.env.DIST_DIR ?? 'dist';
  if (!existsSync(`${distDir}/index.html`))
    return ['## Office file first page', '', `skipped: ${distDir}/ is missing (run \`npm run build\`).`];
  const server = await startTestServer({ driver: 'pglite', staticDir: distDir });
  const browser = await launchChromium();
  try {
    const url = `${server.baseUrl}/email/detail?id=${await mailWithAttachments(server.baseUrl)}`;
    const uid = await loginAs(server.baseUrl, 'lisi', '123456');
    const rows: string[] = [];
    let missed = 0;
    for (const file of FILES) {
      for (const idle of [false, true]) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await tapToFirstPage(browser, url, uid, file, idle));
        const times = runs.map((r) => r.ms);
        const again = runs.map((r) => r.again);
        const met = median(times) <= TARGET_MS;
        if (!met) missed++;
        rows.push(
          `| ${file.name} | ${idle ? `after reading the mail ${IDLE_MS / 1000} s` : 'at once'} | ${runs[0]!.pages} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} | ${median(again).toFixed(0)} | ${met ? 'met' : '**missed**'} |`,
        );
      }
    }
    return [
      '## Office file first page',
      '',
      `Tap on a mail attachment → its first page drawn (PDF: page 1's canvas painted; Word: the first page in the document), Chromium at 360×640, CPU ${SLOWDOWN}× slower, a fresh context per run (empty cache, no service worker), server on PGlite on loopback; median of ${RUNS} runs (ms). Files: LibreOffice-made (bench/lib/office-fixtures.ts).`,
      `Target: ≤ ${TARGET_MS} ms (median) for both files.`,
      'Floor: the same file closed and tapped again in the same page (its bytes and the viewer code already loaded): what',
      'drawing the first page costs at 4× by itself.',
      '',
      '| file | tap | pages | median | range | floor median | target |',
      '| --- | --- | ---: | ---: | --- | ---: | --- |',
      ...rows,
      '',
      missed
        ? `Target ${TARGET_MS} ms: **missed** in ${missed} of ${rows.length} rows.`
        : `Target ${TARGET_MS} ms: met.`,
      '',
      `Machine load (1-min average, ${os.cpus().length} shared cores) at the end: ${os.loadavg()[0]!.toFixed(1)}.`,
      '',
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await runFilePreviewBench()).join('\n'));
}

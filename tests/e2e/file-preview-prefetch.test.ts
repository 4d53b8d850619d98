import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

/** The built chunk (its path as the page requests it) that holds a viewer's own class name. */
function chunkHolding(marker: string): string {
  const dir = path.resolve('dist/static/js/async');
  const file = fs
    .readdirSync(dir)
    .find((name) => name.endsWith('.js') && fs.readFileSync(path.join(dir, name), 'utf8').includes(marker));
  if (!file) throw new Error(`no chunk of dist/ holds ${marker}`);
  return `/static/js/async/${file}`;
}

describe('office viewers fetched while the phone is idle (issue 48)', () => {
  it('after the first touch on the home page, the PDF and Word viewers arrive without any file opened', async () => {
    const pdfViewer = chunkHolding('file-preview-pdf-pages');
    const wordViewer = chunkHolding('file-preview-docx');
    const page = await signedInOnPhone(env, 'lisi');
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    await page.locator('.home-greeting').tap();
    await expect
      .poll(() => [...requested], { timeout: 60_000 })
      .toEqual(expect.arrayContaining([pdfViewer, wordViewer]));
    // nothing was opened: the preview is still closed
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});

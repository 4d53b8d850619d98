import { describe, expect, it } from 'vitest';
import { PHONE, newContext } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

async function slotTexts(page: import('playwright-core').Page) {
  return page.$$eval('.page-slot', (slots) =>
    slots.map((s) => ({
      frozen: !!s.querySelector('.page-frozen'),
      text: s.textContent ?? '',
      transform: getComputedStyle(s).transform,
    })),
  );
}

describe('page transitions', () => {
  it('keeps the leaving page showing itself while the new page slides in', async () => {
    const { context } = await newContext(env.browser, PHONE);
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'zhangsan', '123456');
    await page.waitForURL('**/phonehome');
    await page.getByText('消息提醒').waitFor();
    // the app starts in full after 登录 (the login screen is a document of its own), on the plain stage: the animated
    // one arrives with the first touch or key, as on any cold start
    await page.keyboard.press('Shift');
    await page.waitForSelector('.page-slot[style]');
    await expect.poll(async () => (await slotTexts(page)).length, { timeout: 15_000 }).toBe(1);
    // record what the two slots show at the first moment both are on screen
    await page.evaluate(() => {
      const w = window as unknown as { __slots?: Array<{ frozen: boolean; text: string }> };
      const observer = new MutationObserver(() => {
        const slots = Array.from(document.querySelectorAll('.page-slot'));
        if (slots.length !== 2 || w.__slots) return;
        w.__slots = slots.map((s) => ({ frozen: !!s.querySelector('.page-frozen'), text: s.textContent ?? '' }));
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('navigation', { name: '主导航' }).getByText('我的').click();
    const slots = await page
      .waitForFunction(() => (window as unknown as { __slots?: unknown }).__slots)
      .then((h) => h.jsonValue() as Promise<Array<{ frozen: boolean; text: string }>>);
    const leaving = slots.find((s) => s.frozen);
    const entering = slots.find((s) => !s.frozen);
    expect(leaving?.text).toContain('消息提醒');
    expect(leaving?.text).not.toContain('退出登录');
    expect(entering?.text).toContain('退出登录');
    await expect.poll(async () => (await slotTexts(page)).length, { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  it('does not slide when the user prefers reduced motion', async () => {
    const { context } = await newContext(env.browser, { ...PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'zhangsan', '123456');
    await page.waitForURL('**/phonehome');
    await page.getByRole('navigation', { name: '主导航' }).getByText('我的').click();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    const transforms = (await slotTexts(page)).map((s) => s.transform);
    expect(transforms.every((t) => t === 'none' || t === 'matrix(1, 0, 0, 1, 0, 0)')).toBe(true);
    await context.close();
  });
});

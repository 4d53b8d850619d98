import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { api, loginAs } from '../factories/test-server';
import { shanghaiDayFromToday } from '../factories/meeting-client';
import { IPAD, newContext } from './support/browser';
import { openSignedIn, signedInOnPhone, useAppAndBrowser } from './support/app';

// Issue 47 point 5: 添加到手机日历 downloads one event; 订阅 shows the whole address with 复制 and 重新生成.

const env = useAppAndBrowser();

/** Shanghai calendar day `n` days from today (the phone runs in Asia/Shanghai too). */
const at = (day: string, clock: string) => new Date(`${day}T${clock}:00+08:00`).toISOString();

describe('日程 to the phone’s calendar at 360×640 (issue 47.5)', () => {
  it('添加到手机日历 on an event downloads that one event as .ics at its Shanghai time', async () => {
    const today = shanghaiDayFromToday(0);
    const sunqi = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'sunqi', '123456'));
    for (const [title, start, end] of [
      ['晚间客户电话', '21:30', '22:15'],
      ['午间例会', '12:00', '12:30'],
    ] as const) {
      const made = await sunqi.post('/api/schedule/events', {
        title,
        startAt: at(today, start),
        endAt: at(today, end),
      });
      expect(made.status, made.body.msg).toBe(200);
    }

    const page = await signedInOnPhone(env, 'sunqi', { at: '/schedule/index' });
    await page.getByRole('button', { name: /晚间客户电话/ }).click({ timeout: 20_000 });
    const detail = page.getByRole('region', { name: '日程详情' });
    const downloaded = page.waitForEvent('download', { timeout: 20_000 });
    await detail.getByRole('button', { name: '添加到手机日历' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('晚间客户电话.ics');
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toContain(`DTSTART;TZID=Asia/Shanghai:${today.replace(/-/g, '')}T213000`);
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.summary, e.startDate.toJSDate().toISOString()])).toEqual([
      ['晚间客户电话', at(today, '21:30')],
    ]);
  });

  it('订阅 shows the whole address wrapped, copies it, and 重新生成 (after asking) ends the old one', async () => {
    const page = await signedInOnPhone(env, 'zhoujie');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.app.baseUrl });
    await page.goto(`${env.app.baseUrl}/schedule/index`);
    await page.getByRole('button', { name: '订阅', exact: true }).click({ timeout: 20_000 });
    const sheet = page.getByRole('region', { name: '订阅到手机日历' });
    await sheet.getByRole('button', { name: '生成订阅地址' }).click({ timeout: 15_000 });
    const address = sheet.getByLabel('订阅地址');
    await address.waitFor({ timeout: 15_000 });
    const first = (await address.innerText()).trim();
    expect(first).toMatch(/^webcal:\/\/.+\/api\/schedule\/feed\/[A-Za-z0-9_-]{32}\.ics$/);
    // wrapped inside the screen, never cut: nothing scrolls sideways and it takes more than one line
    const fit = await address.evaluate((el) => ({
      right: el.getBoundingClientRect().right,
      overflow: el.scrollWidth - el.clientWidth,
      lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),
    }));
    expect(fit.right).toBeLessThanOrEqual(360);
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.lines).toBeGreaterThan(1);

    await sheet.getByRole('button', { name: '复制', exact: true }).click();
    await page.getByText('已复制').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    const feedPath = (url: string) => `${env.app.baseUrl}${url.replace(/^webcal:\/\/[^/]+/, '')}`;
    expect((await fetch(feedPath(first))).status).toBe(200);

    // closing and opening again shows the same address: looking does not break a subscribed phone
    await sheet.getByRole('button', { name: '关闭' }).click();
    await sheet.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByRole('button', { name: '订阅', exact: true }).click();
    await expect.poll(async () => (await address.innerText()).trim(), { timeout: 15_000 }).toBe(first);

    // 重新生成 asks first; 取消 keeps the address
    await sheet.getByRole('button', { name: '重新生成' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '旧地址将立即失效' });
    await confirm.getByRole('button', { name: '取消' }).click({ timeout: 10_000 });
    await confirm.waitFor({ state: 'hidden', timeout: 10_000 });
    expect((await address.innerText()).trim()).toBe(first);
    await sheet.getByRole('button', { name: '重新生成' }).click();
    await confirm.getByRole('button', { name: '重新生成' }).click({ timeout: 10_000 });
    await expect.poll(async () => (await address.innerText()).trim(), { timeout: 15_000 }).not.toBe(first);
    const second = (await address.innerText()).trim();
    expect((await fetch(feedPath(first))).status).toBe(404);
    expect((await fetch(feedPath(second))).status).toBe(200);
  });

  it.each([
    { width: 768, height: 1024 },
    { width: 1024, height: 768 },
  ])('订阅 fits a tablet at $width×$height: the address whole, the buttons on screen', async (viewport) => {
    const { context } = await newContext(env.browser, { ...IPAD, viewport });
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'hejing', '/');
    await page.waitForURL(/\/pad/);
    await page.goto(`${env.app.baseUrl}/schedule/index`);
    await page.getByRole('button', { name: '订阅', exact: true }).click({ timeout: 20_000 });
    const sheet = page.getByRole('region', { name: '订阅到手机日历' });
    const make = sheet.getByRole('button', { name: '生成订阅地址' });
    const address = sheet.getByLabel('订阅地址');
    await Promise.race([make.waitFor({ timeout: 15_000 }), address.waitFor({ timeout: 15_000 })]);
    if (await make.isVisible()) await make.click();
    await address.waitFor({ timeout: 15_000 });
    const fit = await address.evaluate((el) => ({
      right: el.getBoundingClientRect().right,
      overflow: el.scrollWidth - el.clientWidth,
    }));
    expect(fit.right).toBeLessThanOrEqual(viewport.width);
    expect(fit.overflow).toBeLessThanOrEqual(0);
    for (const name of ['复制', '重新生成', '关闭']) {
      const box = (await sheet.getByRole('button', { name, exact: true }).boundingBox())!;
      expect([name, box.x + box.width <= viewport.width, box.y + box.height <= viewport.height]).toEqual([
        name,
        true,
        true,
      ]);
    }
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { PHONE, newContext } from './support/browser';
import { useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

describe('page stage: the first page carries no animation code', () => {
  it('starts on a plain stage, and the animated one takes over after the first touch without remounting the page', async () => {
    const { context } = await newContext(env.browser, PHONE);
    const page = await context.newPage();
    // a public page of the app (the login screen is a document of its own, without React or the page stage)
    await page.goto(`${env.app.baseUrl}/joinus/index`);
    const name = page.getByPlaceholder('请输入姓名');
    await name.waitFor();
    // framer-motion styles its slots; the plain stage leaves them bare
    expect(await page.locator('.page-slot').getAttribute('style')).toBeNull();
    await name.evaluate((el) => ((el as HTMLInputElement & { mark?: number }).mark = 1));
    await name.click();
    await name.pressSequentially('zhangsan');
    // leaving the field lets the animated stage take over (it never moves a field being typed into)
    await page.locator('.page-titlebar-title').click();
    await page.waitForSelector('.page-slot[style]');
    expect(await page.locator('.page-slot').count()).toBe(1);
    await expect.poll(() => name.inputValue()).toBe('zhangsan');
    expect(await name.evaluate((el) => (el as HTMLInputElement & { mark?: number }).mark)).toBe(1);
    await context.close();
  });
});

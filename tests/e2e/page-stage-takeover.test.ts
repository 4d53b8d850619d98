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

  it('keeps the keys of a field focused just as the animated stage takes over', async () => {
    const { context } = await newContext(env.browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${env.app.baseUrl}/joinus/index`);
    const name = page.getByPlaceholder('请输入姓名');
    const phone = page.getByPlaceholder('请输入11位手机号码');
    await name.click();
    await name.pressSequentially('苏以宁');
    // the animated stage has arrived and waits, since a field is being typed into
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.page-slot').getAttribute('style')).toBeNull();
    // leaving the field lets it take over; the next field is focused at once and typed into a moment later, as
    // a quick thumb (or a test driver) does: the stage must not move the page between the two
    await page.evaluate(() => {
      const [nameField, phoneField] = ['name', 'phone'].map((n) =>
        document.querySelector<HTMLInputElement>(`input[name=${n}]`)!,
      );
      nameField.blur();
      setTimeout(() => {
        phoneField.focus();
        setTimeout(() => document.execCommand('insertText', false, '13566667777'), 0);
      }, 0);
    });
    await page.waitForSelector('.page-slot[style]');
    await expect.poll(() => phone.inputValue()).toBe('13566667777');
    expect(await name.inputValue()).toBe('苏以宁');
    await context.close();
  });
});

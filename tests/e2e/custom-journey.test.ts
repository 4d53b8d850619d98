import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newContext } from './support/browser';
import { useAppAndBrowser, signedInOnPhone } from './support/app';
import { pickAndConfirm, pickDate, pickOption, tapWheelItem } from './support/pickers';

const env = useAppAndBrowser();

const signedIn = (username: string, options?: { at?: string }) => signedInOnPhone(env, username, options);

/** Picks an option in an antd-mobile Picker opened by a field's button (named by the field, then its value). */
async function pick(page: Page, field: string, option: string) {
  await pickAndConfirm(
    page,
    // by the field's name alone: a retry reopens it even when the first 确定 left another value in it
    () => page.getByRole('button', { name: new RegExp(`^${field} `) }).click(),
    // the tap goes to the item itself, as a finger's would (the wheel's mask lies over it); only the open sheet counts
    () => tapWheelItem(page.locator('.adm-picker-view-column-item-label:visible').getByText(option, { exact: true })),
    page.getByRole('button', { name: `${field} ${option}`, exact: true }),
  );
}

describe('业务建模 and 招聘报名 journeys', () => {
  it('张三 creates a 合同台账 record from the menu, sees it, edits it, and finds it by search', async () => {
    const zhangsan = await signedIn('zhangsan');
    await zhangsan.getByRole('navigation', { name: '应用' }).getByText('业务建模').click();
    await zhangsan.waitForURL('**/customModule/menu');
    await zhangsan.getByRole('link', { name: /合同台账/ }).click();
    await zhangsan.waitForURL('**/customModule/list?**');
    await zhangsan.getByRole('button', { name: /办公用品年度采购合同/ }).waitFor();
    await zhangsan.getByRole('link', { name: '新增' }).click();
    await zhangsan.waitForURL('**/customModule/detail?**');

    await zhangsan.getByLabel('合同编号', { exact: true }).fill('2026-9');
    await zhangsan.getByLabel('合同名称', { exact: true }).fill('会议室音视频设备维保合同');
    await zhangsan.getByLabel('合同相对方', { exact: true }).fill('声远科技有限公司');
    await pickOption(zhangsan, '合同类别', '服务合同');
    await zhangsan.getByLabel('合同金额', { exact: true }).fill('48000');
    await pickDate(zhangsan, '签订日期', '2026-07-01');
    await zhangsan.getByRole('button', { name: '保存' }).click();
    // the model's own pattern is checked on the server, which names it
    await zhangsan.getByText('合同编号格式为 HT-年份-序号，例如：HT-2026-001').waitFor();
    await zhangsan.getByLabel('合同编号', { exact: true }).fill('HT-2026-909');
    await zhangsan.getByRole('button', { name: '保存' }).click();
    await zhangsan.getByText('保存成功').waitFor();
    await zhangsan.waitForURL(/customModule\/detail\?.*id=/);
    await zhangsan.getByRole('heading', { name: '会议室音视频设备维保合同' }).waitFor();
    await zhangsan.getByText('声远科技有限公司').waitFor();
    await zhangsan.getByText('服务合同').waitFor();

    await zhangsan.getByRole('button', { name: '编辑' }).click();
    await zhangsan.getByLabel('合同金额', { exact: true }).fill('52000.5');
    await zhangsan.getByLabel('备注', { exact: true }).fill('含两次上门巡检');
    await zhangsan.getByRole('button', { name: '保存' }).click();
    await zhangsan.getByText('含两次上门巡检').waitFor();
    await expect.poll(() => zhangsan.locator('.flow-form').innerText()).toContain('52,000.50');

    await zhangsan.goBack();
    await zhangsan.waitForURL('**/customModule/list?**');
    await zhangsan.getByRole('searchbox').fill('维保');
    await zhangsan.getByRole('button', { name: /会议室音视频设备维保合同/ }).waitFor();
    await expect.poll(() => zhangsan.getByRole('button', { name: /办公用品年度采购合同/ }).count()).toBe(0);
  });

  it('a visitor signs up on /joinus/index without logging in, and an HR user finds the sign-up', async () => {
    const { context } = await newContext(env.browser, PHONE);
    const visitor = await context.newPage();
    await visitor.goto(`${env.app.baseUrl}/joinus/index`);
    await visitor.getByRole('heading', { name: '加入我们' }).waitFor();
    expect(visitor.url()).toContain('/joinus/index');
    await visitor.getByLabel('姓名').fill('苏以宁');
    await visitor.getByText('女', { exact: true }).click();
    await visitor.getByLabel('手机号码').fill('13566667777');
    await visitor.getByLabel('电子邮箱').fill('suyining@example.com');
    await pick(visitor, '应聘岗位', '产品经理');
    await pick(visitor, '学历', '硕士');
    await visitor.getByRole('button', { name: '提交报名' }).click();
    await visitor.getByRole('alert').getByText('请上传简历').waitFor();
    await visitor.locator('#joinus-resume').setInputFiles({
      name: '苏以宁-简历.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await visitor.getByRole('button', { name: '提交报名' }).click();
    await visitor.getByRole('heading', { name: '报名成功' }).waitFor();

    const hr = await signedIn('xuli', { at: '/customModule/menu' });
    await hr.getByRole('link', { name: /招聘报名/ }).click();
    await hr.getByRole('button', { name: /苏以宁/ }).click();
    await hr.waitForURL('**/customModule/detail?**');
    // the list row may still be sliding out beside the detail: read the detail's own region
    await hr.getByRole('region', { name: '苏以宁' }).getByText('13566667777').waitFor();
    await hr.getByRole('region', { name: '苏以宁' }).getByText('产品经理').waitFor();
    await hr.getByRole('button', { name: '苏以宁-简历.pdf' }).waitFor();
  });
});

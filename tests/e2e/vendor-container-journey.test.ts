import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { jsapiSignature } from '../../server/modules/mobile/wecom-client';
import { fakeTicket, startFakeVendors } from '../api/support/fake-vendors';
import type { UploadedFile } from '../../contract/files';
import { demoId } from '../../server/db/seed/demo-ids';
import { api, loginAs } from '../factories/test-server';
import { useAppAndBrowser } from './support/app';
import { PHONE, newContext } from './support/browser';

// WeCom's and DingTalk's open APIs are the local stand-in; inside the page only the app's native bridge
// (window.WeixinJSBridge, DingTalk's Android window.nuva) is stood in for: @wecom/jssdk and dingtalk-jsapi run as
// shipped and talk to it as they would to the app
const vendors = await startFakeVendors();
afterAll(() => vendors.close());
const env = useAppAndBrowser({
  WECOM_CORP_ID: 'wx-corp',
  WECOM_CORP_SECRET: 'wx-secret',
  WECOM_AGENT_ID: '1000002',
  WECOM_API_BASE: vendors.url,
  DINGTALK_APP_KEY: 'ding-key',
  DINGTALK_APP_SECRET: 'ding-secret',
  DINGTALK_API_BASE: vendors.url,
});

// WeCom 4.1 on Android, as its web view names itself
const WECOM_PHONE = {
  ...PHONE,
  userAgent: `${PHONE.userAgent} wxwork/4.1.22 MicroMessenger/7.0.1 NetType/WIFI Language/zh ColorScheme/Light`,
};

/** Marks the page's scripts by what they hold: each vendor SDK names a JSAPI of its own as a string. */
function watchScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.text().then(
      (text) => {
        if (text.includes('preVerifyJSAPI')) seen.add('@wecom/jssdk');
        if (text.includes('biz.navigation.setTitle')) seen.add('dingtalk-jsapi');
      },
      () => undefined,
    );
  });
  return seen;
}

interface BridgeCall {
  name: string;
  params: Record<string, unknown>;
  /** the page's address when the call was made (what a signature must be for) */
  href: string;
}

/** WeCom's native bridge: records every call and answers as WeCom does; the scanner reads `window.__scanResult`. */
function fakeWeixinJSBridge() {
  const w = window as unknown as { __bridge: BridgeCall[]; __scanResult: string; WeixinJSBridge: unknown };
  w.__bridge = [];
  w.__scanResult = '';
  w.WeixinJSBridge = {
    invoke(name: string, params: Record<string, unknown>, callback: (res: Record<string, unknown>) => void) {
      w.__bridge.push({
        name,
        params: JSON.parse(JSON.stringify(params)) as Record<string, unknown>,
        href: location.href,
      });
      setTimeout(() =>
        callback(
          name === 'scanQRCode' ? { err_msg: 'scanQRCode:ok', resultStr: w.__scanResult } : { err_msg: `${name}:ok` },
        ),
      );
    },
    on() {},
  };
}

// DingTalk 7.6 on Android, as its web view names itself
const DINGTALK_PHONE = {
  ...PHONE,
  userAgent: `${PHONE.userAgent} AliApp(DingTalk/7.6.0) DingTalk/7.6.0 language/zh-CN`,
};

interface DingCall {
  api: string;
  params: Record<string, unknown>;
}

/** DingTalk's Android bridge (nuva): records every JSAPI call; requestAuthCode gives `__authCode`, scan `__scanResult`. */
function fakeDingTalkBridge() {
  const w = window as unknown as { __ding: DingCall[]; __scanResult: string; __authCode: string; nuva: unknown };
  w.__ding = [];
  w.__scanResult = '';
  w.__authCode = 'code-lisi';
  w.nuva = {
    isReady: true,
    require:
      () =>
      (ok: (r: unknown) => void, _fail: unknown, service: string, action: string, params: Record<string, unknown>) => {
        const plain = Object.fromEntries(Object.entries(params ?? {}).filter(([, v]) => typeof v !== 'function'));
        w.__ding.push({ api: `${service}.${action}`, params: plain });
        const answers: Record<string, unknown> = {
          'runtime.permission.requestAuthCode': { code: w.__authCode },
          'biz.util.scan': { text: w.__scanResult },
        };
        setTimeout(() => ok(answers[`${service}.${action}`] ?? {}));
      },
  };
}

describe('at home inside WeCom and DingTalk (issue 43.6, Chromium 360×640 with their user agents)', () => {
  it('a deep link through /wecom lands signed in on its page; the JS-SDK is loaded and signed by our server', async () => {
    const [lisi] = await env.app.database.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(eq(users.username, 'lisi'));
    vendors.wecomDirectory.set('wx-lisi', lisi!.mobile!);
    vendors.wecomCodes.set('e2e-code-1', 'wx-lisi');

    const { context, errors } = await newContext(env.browser, WECOM_PHONE);
    await context.addInitScript(fakeWeixinJSBridge);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const sdks = watchScripts(page);

    // as WeCom opens the app's home address after its authorize page: our entry, with the path and WeCom's code
    await page.goto(`${env.app.baseUrl}/wecom?path=${encodeURIComponent('/follow/waitList')}&code=e2e-code-1`);
    await page.waitForURL(`${env.app.baseUrl}/follow/waitList`);
    await expect.poll(() => page.title()).toBe('待办');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('oa.uid'))).toBeTruthy();
    expect(vendors.wecomCodes.has('e2e-code-1')).toBe(false); // WeCom was asked about the code

    // the SDK chunk came, and wx.config reached the bridge with the signature our server made for this very page
    await expect.poll(() => [...sdks]).toEqual(['@wecom/jssdk']);
    const bridge = () => page.evaluate(() => (window as unknown as { __bridge: BridgeCall[] }).__bridge);
    await expect.poll(async () => (await bridge()).some((c) => c.name === 'preVerifyJSAPI')).toBe(true);
    const config = (await bridge()).find((c) => c.name === 'preVerifyJSAPI')!;
    expect(config.params.verifyAppId).toBe('wx-corp');
    expect(config.params.verifySignType).toBe('sha1');
    expect(config.params.verifyJsApiList).toEqual(expect.arrayContaining(['scanQRCode', 'previewFile']));
    expect(config.href).toBe(`${env.app.baseUrl}/follow/waitList`);
    expect(config.params.verifySignature).toBe(
      jsapiSignature(
        fakeTicket,
        String(config.params.verifyNonceStr),
        Number(config.params.verifyTimestamp),
        config.href.split('#')[0]!,
      ),
    );

    // 扫码签到 through WeCom's scanner: what it reads goes to the sign-in as if typed
    await page.goto(`${env.app.baseUrl}/meeting/scanCodePage`);
    await expect.poll(() => page.title()).toBe('扫码签到');
    await page.evaluate(() => ((window as unknown as { __scanResult: string }).__scanResult = '654321'));
    await page.getByRole('button', { name: '扫一扫' }).click();
    await expect.poll(() => page.getByPlaceholder('请输入签到码').inputValue()).toBe('654321');
    expect((await bridge()).find((c) => c.name === 'scanQRCode')?.params).toMatchObject({ needResult: 1 });

    // a file our viewer cannot show opens in WeCom's viewer, by an address WeCom can fetch without our headers
    const sender = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'zhangsan', '123456'));
    const drawing = Buffer.from('AC1032 not a real drawing, only bytes WeCom is to fetch');
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(drawing)]), '厂房图纸.dwg');
    const files = (await sender.post<UploadedFile[]>('/api/form/common/file/upload', upload)).body.data;
    const mail = await sender.post<{ id: string }>('/api/mail/messages', {
      to: [demoId('user:lisi')],
      subject: '图纸请查收',
      attachments: files,
      send: true,
    });
    expect(mail.status, mail.body.msg).toBe(200);
    await page.goto(`${env.app.baseUrl}/email/detail?id=${mail.body.data.id}`);
    await page.getByRole('button', { name: '厂房图纸.dwg', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '预览 厂房图纸.dwg' });
    await dialog.getByRole('alert').filter({ hasText: '该文件类型暂不支持在线预览' }).waitFor();
    await dialog.getByRole('button', { name: '用企业微信打开' }).click();
    await expect.poll(async () => (await bridge()).some((c) => c.name === 'previewFile')).toBe(true);
    const preview = (await bridge()).find((c) => c.name === 'previewFile')!.params;
    expect(preview).toMatchObject({ name: '厂房图纸.dwg', size: drawing.length });
    const fetched = await fetch(String(preview.url));
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(drawing)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a WeCom member the system does not know lands on the login screen with the reason in Chinese', async () => {
    vendors.wecomDirectory.set('wx-stranger', '13900000000');
    vendors.wecomCodes.set('e2e-code-stranger', 'wx-stranger');
    const { context, errors } = await newContext(env.browser, WECOM_PHONE);
    await context.addInitScript(fakeWeixinJSBridge);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${env.app.baseUrl}/wecom?path=${encodeURIComponent('/follow/waitList')}&code=e2e-code-stranger`);
    await page.waitForURL('**/login?redirect=**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/follow/waitList');
    await page.getByRole('alert').filter({ hasText: '该企业微信账号未关联系统用户' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside DingTalk a reminder link signs in with DingTalk’s own code; titles and 扫一扫 go through dingtalk-jsapi', async () => {
    const [lisi] = await env.app.database.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(eq(users.username, 'lisi'));
    vendors.dingDirectory.set('ding-001', lisi!.mobile!);
    const { context, errors } = await newContext(env.browser, DINGTALK_PHONE);
    await context.addInitScript(fakeDingTalkBridge);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const sdks = watchScripts(page);
    const ding = () => page.evaluate(() => (window as unknown as { __ding: DingCall[] }).__ding);

    // a DingTalk 工作通知's link: no code in it, the corp named
    await page.goto(`${env.app.baseUrl}/dingtalk?path=${encodeURIComponent('/follow/waitList')}&corpId=ding-corp`);
    await page.waitForURL(`${env.app.baseUrl}/follow/waitList`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('oa.uid'))).toBeTruthy();
    expect((await ding()).find((c) => c.api === 'runtime.permission.requestAuthCode')?.params).toMatchObject({
      corpId: 'ding-corp',
    });
    // the title bar follows the page
    await expect
      .poll(async () => (await ding()).filter((c) => c.api === 'biz.navigation.setTitle').map((c) => c.params.title))
      .toContain('待办');
    expect([...sdks]).toEqual(['dingtalk-jsapi']);

    // an in-app navigation (no page load): the title bar follows it too
    await page.evaluate(() => {
      history.pushState(null, '', '/meeting/scanCodePage');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('button', { name: '扫一扫' }).waitFor();
    await expect
      .poll(async () => (await ding()).filter((c) => c.api === 'biz.navigation.setTitle').map((c) => c.params.title))
      .toContain('扫码签到');
    await page.evaluate(() => ((window as unknown as { __scanResult: string }).__scanResult = '112233'));
    await page.getByRole('button', { name: '扫一扫' }).click();
    await expect.poll(() => page.getByPlaceholder('请输入签到码').inputValue()).toBe('112233');
    expect((await ding()).some((c) => c.api === 'biz.util.scan')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('outside WeCom and DingTalk no JS-SDK is fetched', async () => {
    const uid = await loginAs(env.app.baseUrl, 'lisi', '123456');
    const { context } = await newContext(env.browser, PHONE);
    await context.addInitScript((value) => localStorage.setItem('oa.uid', value), uid);
    const page = await context.newPage();
    const sdks = watchScripts(page);
    await page.goto(`${env.app.baseUrl}/meeting/scanCodePage`);
    await page.getByRole('button', { name: '打开摄像头扫码' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect([...sdks]).toEqual([]);
    await context.close();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserData, DingTalkLoginData, WecomAuthorizeData, WecomLoginData } from '../../contract/auth';
import { users } from '../../server/db/schema';
import { api } from '../factories/test-server';
import { cjk, drivers, useServer } from './support/server';
import { startFakeVendors } from './support/fake-vendors';

const vendors = await startFakeVendors();
afterAll(() => vendors.close());

describe.each(drivers)('the WeCom entry and reminder links into the app on %s', (driver) => {
  const ctx = useServer(driver, {
    env: {
      WECOM_CORP_ID: 'wx-corp',
      WECOM_CORP_SECRET: 'wx-secret',
      WECOM_AGENT_ID: '1000002',
      WECOM_API_BASE: vendors.url,
      DINGTALK_APP_KEY: 'ding-key',
      DINGTALK_APP_SECRET: 'ding-secret',
      DINGTALK_AGENT_ID: '2233445566',
      DINGTALK_CORP_ID: 'ding-corp',
      DINGTALK_API_BASE: vendors.url,
      APP_PUBLIC_URL: 'https://oa.example.com',
    },
  });
  // both drivers share the fake vendor (and the seed's mobiles): one WeCom directory, fresh codes for every login
  const wx = (name: string) => `wx-${name}`;
  const mobileOf = async (username: string) =>
    (await ctx.server.database.db.select({ mobile: users.mobile }).from(users).where(eq(users.username, username)))[0]!
      .mobile!;
  const whoIs = async (uid: string) =>
    (await api(ctx.server.baseUrl, uid).get<CurrentUserData>('/api/upms/user/current')).body.data.userVo.username;
  /** What WeCom does when the member opens our authorize link: back to the entry with a fresh one-time code. */
  const wecomCodeFor = (userid: string) => {
    const code = `${userid}-${Math.random().toString(36).slice(2)}`;
    vendors.wecomCodes.set(code, userid);
    return code;
  };
  const wecomLogin = (code: string, path?: string) =>
    api(ctx.server.baseUrl).post<WecomLoginData>(
      `/api/mobile/wecom/login?code=${encodeURIComponent(code)}${path ? `&path=${encodeURIComponent(path)}` : ''}`,
    );

  beforeAll(async () => {
    vendors.wecomDirectory.set(wx('lisi'), await mobileOf('lisi'));
    vendors.wecomDirectory.set(wx('wangwu'), await mobileOf('wangwu'));
    vendors.wecomDirectory.set(wx('stranger'), '13900000000');
  });

  it('signs a WeCom member in by mobile from the code WeCom adds, and keeps the path inside the app', async () => {
    const login = await wecomLogin(wecomCodeFor(wx('lisi')), '/follow/waitList?tab=1');
    expect(login.status, login.body.msg).toBe(200);
    expect(login.body.data.path).toBe('/follow/waitList?tab=1');
    expect(await whoIs(login.body.data.uid)).toBe('lisi');
    const evil = await wecomLogin(wecomCodeFor(wx('lisi')), '//evil.example.com');
    expect(evil.body.data.path).toBe('/');
    expect(vendors.problems).toEqual([]);
  });

  it('matches by WeCom userid = user name when the member is outside the app’s visible range', async () => {
    // no mobile from 读取成员 (60011): the seed's user name zhangsan is the WeCom userid
    const login = await wecomLogin(wecomCodeFor('zhangsan'));
    expect(login.status, login.body.msg).toBe(200);
    expect(await whoIs(login.body.data.uid)).toBe('zhangsan');
  });

  it('explains in Chinese, never with a 500, why a WeCom login did not work', async () => {
    const cases: Array<[string, number, string | RegExp]> = [
      [wecomCodeFor(wx('stranger')), 400, '该企业微信账号未关联系统用户'],
      ['never-issued', 400, /^企业微信授权失败/],
      [wecomCodeFor(''), 400, '企业微信授权失败：您不是本企业成员'],
    ];
    for (const [code, status, msg] of cases) {
      const res = await wecomLogin(code);
      expect(res.status).toBe(status);
      expect(res.body.msg).toMatch(msg);
    }
    // a code is good once, as WeCom documents: the second use is refused by WeCom, and so by us
    const code = wecomCodeFor(wx('lisi'));
    expect((await wecomLogin(code)).status).toBe(200);
    expect((await wecomLogin(code)).body.msg).toMatch(/^企业微信授权失败/);
    const missing = await api(ctx.server.baseUrl).post('/api/mobile/wecom/login');
    expect([missing.status, missing.body.msg]).toEqual([400, '缺少授权码']);

    await ctx.setStatus('wangwu', 'disabled');
    try {
      const disabled = await wecomLogin(wecomCodeFor(wx('wangwu')));
      expect([disabled.status, disabled.body.msg]).toEqual([403, '账号已停用']);
    } finally {
      await ctx.setStatus('wangwu', 'active');
    }
    expect(vendors.problems).toEqual([]);
  });

  it("gives the entry without a code WeCom's authorize page, which comes back to it", async () => {
    const res = await api(ctx.server.baseUrl).get<WecomAuthorizeData>(
      `/api/mobile/wecom/authorize?path=${encodeURIComponent('/follow/waitList?tab=1')}`,
    );
    const url = new URL(res.body.data.url);
    expect(`${url.origin}${url.pathname}${url.hash}`).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize#wechat_redirect',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx-corp',
      redirect_uri: 'https://oa.example.com/wecom?path=%2Ffollow%2FwaitList%3Ftab%3D1',
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'oa',
      agentid: '1000002',
    });
    const evil = await api(ctx.server.baseUrl).get<WecomAuthorizeData>('/api/mobile/wecom/authorize?path=//evil.com');
    expect(new URL(evil.body.data.url).searchParams.get('redirect_uri')).toBe('https://oa.example.com/wecom?path=%2F');
  });

  it('links every WeCom and DingTalk reminder through its entry, and a tap lands signed in on the item', async () => {
    const lisi = (
      await ctx.server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'lisi'))
    )[0]!.id;
    vendors.dingDirectory.set('ding-001', await mobileOf('lisi'));
    const title = `请审批：出差申请（${driver}）`;
    const link = '/follow/waitList?tab=1';
    const sent = await (
      await ctx.as('admin')
    ).post('/api/upms/message/send', {
      title,
      content: '请及时处理',
      receiverIds: [lisi],
      channels: ['Wechat', 'DingTalk'],
      link,
    });
    expect(sent.status, sent.body.msg).toBe(200);

    // WeCom: the textcard's url is our entry; WeCom opens it, the entry goes to WeCom's authorize page, which comes
    // back to the entry with a code; the code signs lisi in and the entry opens the item
    await expect
      .poll(() => vendors.wecomSent.find((m) => m.textcard.title === title), { timeout: 20_000 })
      .toBeTruthy();
    const card = vendors.wecomSent.find((m) => m.textcard.title === title)!;
    expect(card.touser).toBe(wx('lisi'));
    const tapped = new URL(card.textcard.url);
    expect(`${tapped.origin}${tapped.pathname}`).toBe('https://oa.example.com/wecom');
    expect(tapped.searchParams.get('path')).toBe(link);
    const authorize = await api(ctx.server.baseUrl).get<WecomAuthorizeData>(
      `/api/mobile/wecom/authorize?path=${encodeURIComponent(tapped.searchParams.get('path')!)}`,
    );
    const back = new URL(new URL(authorize.body.data.url).searchParams.get('redirect_uri')!);
    expect(back.href).toBe(card.textcard.url);
    const viaWecom = await wecomLogin(wecomCodeFor(wx('lisi')), back.searchParams.get('path')!);
    expect(viaWecom.body.data.path).toBe(link);
    expect(await whoIs(viaWecom.body.data.uid)).toBe('lisi');

    // DingTalk: the action card's url is the DingTalk entry, where DingTalk's code signs lisi in
    await expect
      .poll(() => vendors.dingSent.find((m) => m.msg.action_card.title === title), { timeout: 20_000 })
      .toBeTruthy();
    const action = new URL(vendors.dingSent.find((m) => m.msg.action_card.title === title)!.msg.action_card.single_url);
    expect(`${action.origin}${action.pathname}`).toBe('https://oa.example.com/dingtalk');
    expect(action.searchParams.get('path')).toBe(link);
    // inside DingTalk the entry asks DingTalk for the login code of this corp (runtime.permission.requestAuthCode)
    expect(action.searchParams.get('corpId')).toBe('ding-corp');
    const viaDing = await api(ctx.server.baseUrl).post<DingTalkLoginData>(
      `/api/mobile/ding/talk/login?code=code-lisi&path=${encodeURIComponent(action.searchParams.get('path')!)}`,
    );
    expect(viaDing.body.data.path).toBe(link);
    expect(await whoIs(viaDing.body.data.uid)).toBe('lisi');
    expect(vendors.problems).toEqual([]);
  });

  it('answers every failure of the entry in Chinese', async () => {
    const res = await wecomLogin('x'.repeat(600));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(cjk);
  });
});

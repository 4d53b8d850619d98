import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserData, DingTalkLoginData, WxSignatureData } from '../../contract/auth';
import { deviceBindings, users } from '../../server/db/schema';
import { jsapiSignature } from '../../server/modules/mobile/wecom-client';
import { api, loginAs, startTestServer, type TestServer } from '../factories/test-server';
import { drivers } from './support/server';
import { fakeTicket, startFakeVendors, type FakeVendors } from './support/fake-vendors';

/** Our own reading of the WeCom/WeChat JS-SDK documentation, independent of the server code. */
function expectedSignature(ticket: string, nonce: string, timestamp: number, url: string): string {
  const pairs = { jsapi_ticket: ticket, noncestr: nonce, timestamp: String(timestamp), url };
  const plain = Object.keys(pairs)
    .sort()
    .map((k) => `${k}=${pairs[k as keyof typeof pairs]}`)
    .join('&');
  return createHash('sha1').update(plain, 'utf8').digest('hex');
}

const nonce = () => randomBytes(8).toString('hex').slice(0, 10);

it('computes the documented JS-SDK signature vector', () => {
  const vector = [
    'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
    'Wm3WZYTPz0wzccnW',
    1414587457,
    'http://mp.weixin.qq.com?params=value',
  ] as const;
  expect(expectedSignature(...vector)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  expect(jsapiSignature(...vector)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
});

describe.each(drivers)('DingTalk, uni-app and WeCom against fake vendors on %s', (driver) => {
  let vendors: FakeVendors;
  let server: TestServer;
  beforeAll(async () => {
    vendors = await startFakeVendors();
    server = await startTestServer({
      driver,
      env: {
        DINGTALK_APP_KEY: 'ding-key',
        DINGTALK_APP_SECRET: 'ding-secret',
        DINGTALK_API_BASE: vendors.url,
        WECOM_CORP_ID: 'wx-corp',
        WECOM_CORP_SECRET: 'wx-secret',
        WECOM_API_BASE: vendors.url,
      },
    });
    const [lisi] = await server.database.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(eq(users.username, 'lisi'));
    vendors.dingDirectory.set('ding-001', lisi!.mobile!);
  });
  afterAll(async () => {
    await server?.close();
    await vendors?.close();
  });
  const uidOf = (name: string) => loginAs(server.baseUrl, name, '123456');

  it('logs a DingTalk user in by mobile and keeps the path inside the app', async () => {
    const res = await api(server.baseUrl).post<DingTalkLoginData>(
      `/api/mobile/ding/talk/login?code=code-lisi&path=${encodeURIComponent('/follow/waitList?tab=1')}`,
    );
    expect(res.body.data.path).toBe('/follow/waitList?tab=1');
    const me = await api(server.baseUrl, res.body.data.uid).get<CurrentUserData>('/api/upms/user/current');
    expect(me.body.data.userVo.username).toBe('lisi');
    const evil = await api(server.baseUrl).post<DingTalkLoginData>(
      '/api/mobile/ding/talk/login?code=code-lisi&path=//evil.example.com',
    );
    expect(evil.body.data.path).toBe('/');
    expect(vendors.calls.get('/gettoken')).toBe(1); // the access token is cached
  });

  it('explains DingTalk failures', async () => {
    const stranger = await api(server.baseUrl).post('/api/mobile/ding/talk/login?code=code-stranger');
    expect([stranger.status, stranger.body.msg]).toEqual([400, '该钉钉账号未关联系统用户']);
    const badCode = await api(server.baseUrl).post('/api/mobile/ding/talk/login?code=expired');
    expect(badCode.status).toBe(400);
    expect(badCode.body.msg).toMatch(/^钉钉授权失败/);
  });

  it('signs a page URL for the WeCom JS-SDK (logged in), caching token and ticket', async () => {
    const client = api(server.baseUrl, await uidOf('zhangsan'));
    const page = 'https://oa.example.com/phonehome?from=wecom&x=1';
    for (let i = 0; i < 2; i += 1) {
      const res = await client.post<WxSignatureData>('/api/mobile/wxmobile/app/signature2', {
        url: `${page}#/section`,
      });
      const data = res.body.data;
      expect(data.appId).toBe('wx-corp');
      expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(60);
      expect(data.signature).toBe(expectedSignature(fakeTicket, data.nonceStr, data.timestamp, page));
    }
    expect(vendors.calls.get('/cgi-bin/gettoken')).toBe(1);
    expect(vendors.calls.get('/cgi-bin/get_jsapi_ticket')).toBe(1);
  });

  it('requires a fresh, unused nonce and timestamp from callers without a uid', async () => {
    const anon = api(server.baseUrl);
    const body = { url: 'https://oa.example.com/login' };
    const signed = { nonce: nonce(), timestamp: String(Date.now()) };
    expect((await anon.post('/api/mobile/wxmobile/app/signature2', body, signed)).body.code).toBe(200);
    const replay = await anon.post('/api/mobile/wxmobile/app/signature2', body, signed);
    expect([replay.status, replay.body.msg]).toEqual([400, '请求签名无效']);
    const stale = await anon.post('/api/mobile/wxmobile/app/signature2', body, {
      nonce: nonce(),
      timestamp: String(Date.now() - 6 * 60 * 1000),
    });
    expect(stale.body.msg).toBe('请求签名无效');
    expect((await anon.post('/api/mobile/wxmobile/app/signature2', body)).body.msg).toBe('请求签名无效');
    expect(
      (await anon.post('/api/mobile/wxmobile/app/signature2', body, { nonce: 'short', timestamp: String(Date.now()) }))
        .status,
    ).toBe(400);
  });

  it('binds and rebinds a uni-app client id', async () => {
    const cid = `cid-${driver}-0123456789abcdef`;
    const zhangsan = api(server.baseUrl, await uidOf('zhangsan'));
    const login = await zhangsan.post<{ path: string }>(
      `/api/mobile/uni/app/login?cid=${cid}&path=${encodeURIComponent('/myCenter/index')}`,
    );
    expect(login.body.data).toEqual({ path: '/myCenter/index' });
    const owner = async () =>
      (
        await server.database.db
          .select({ userId: deviceBindings.userId })
          .from(deviceBindings)
          .where(eq(deviceBindings.cid, cid))
      )[0]?.userId;
    const zhangsanId = (await zhangsan.get<CurrentUserData>('/api/upms/user/current')).body.data.userVo.id;
    expect(await owner()).toBe(zhangsanId);
    const wangwu = api(server.baseUrl, await uidOf('wangwu'));
    // a login on the device hands it over (an update cannot: see below)
    expect((await wangwu.post(`/api/mobile/uni/app/login?cid=${cid}`)).body.code).toBe(200);
    expect(await owner()).not.toBe(zhangsanId);
  });

  it('opens a session for the user an app client id was bound to, and for nobody else (spec §4, §7)', async () => {
    const cid = `cid-${driver}-uid-0123456789abcdef`;
    const anonymous = api(server.baseUrl);
    // never bound: a cid alone does not choose its user
    const unbound = await anonymous.post<{ uid?: string }>(`/api/mobile/uni/app/login?cid=${cid}&path=%2Fphonehome`);
    expect([unbound.status, unbound.body.msg]).toEqual([400, '该设备尚未绑定账号，请先登录']);

    const wangwuUid = await uidOf('wangwu');
    expect((await api(server.baseUrl, wangwuUid).post(`/api/mobile/uni/app/update?cid=${cid}`)).body.code).toBe(200);
    const opened = await anonymous.post<{ uid: string; path: string }>(
      `/api/mobile/uni/app/login?cid=${cid}&path=${encodeURIComponent('/meeting/index?tab=2')}`,
    );
    expect(opened.status, opened.body.msg).toBe(200);
    expect(opened.body.data.path).toBe('/meeting/index?tab=2');
    expect(opened.body.data.uid).not.toBe(wangwuUid);
    const me = await api(server.baseUrl, opened.body.data.uid).get<CurrentUserData>('/api/upms/user/current');
    expect(me.body.data.userVo.username).toBe('wangwu');
    const evil = await anonymous.post<{ uid: string; path: string }>(
      `/api/mobile/uni/app/login?cid=${cid}&path=//evil.example.com`,
    );
    expect(evil.body.data.path).toBe('/');

    // logging out on the device ends it: its cid no longer opens sessions until someone logs in on it again
    expect((await api(server.baseUrl, evil.body.data.uid).post('/api/oauth/logout')).body.code).toBe(200);
    const afterLogout = await anonymous.post(`/api/mobile/uni/app/login?cid=${cid}`);
    expect([afterLogout.status, afterLogout.body.msg]).toEqual([400, '该设备已退出登录，请重新登录']);
    expect(
      (await api(server.baseUrl, await uidOf('wangwu')).post(`/api/mobile/uni/app/login?cid=${cid}`)).body.code,
    ).toBe(200);
    expect((await anonymous.post(`/api/mobile/uni/app/login?cid=${cid}`)).body.code).toBe(200);
  });

  it("refreshes only the caller's own push id: another user's device cannot be rebound by an update", async () => {
    const cid = `cid-${driver}-victim-0123456789`;
    const zhangsan = api(server.baseUrl, await uidOf('zhangsan'));
    expect((await zhangsan.post(`/api/mobile/uni/app/login?cid=${cid}`)).body.code).toBe(200);
    const owner = async () =>
      (
        await server.database.db
          .select({ userId: deviceBindings.userId })
          .from(deviceBindings)
          .where(eq(deviceBindings.cid, cid))
      )[0]?.userId;
    const before = await owner();
    const stolen = await api(server.baseUrl, await uidOf('wangwu')).post(`/api/mobile/uni/app/update?cid=${cid}`);
    expect([stolen.status, stolen.body.msg]).toEqual([403, '该设备已绑定其他用户']);
    expect(await owner()).toBe(before);
    expect((await zhangsan.post(`/api/mobile/uni/app/update?cid=${cid}`)).body.code).toBe(200);
    expect(
      (await api(server.baseUrl, await uidOf('wangwu')).post(`/api/mobile/uni/app/update?cid=${cid}-new`)).body.code,
    ).toBe(200);
  });
});

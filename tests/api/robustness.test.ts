import { describe, expect, it } from 'vitest';
import { cjk, drivers, useServer } from './support/server';

const bad = 'not-a-uuid';
const long = 'x'.repeat(5000);

/** [method, path, body] that must each answer 400 with a Chinese message (as a logged-in admin). */
const badRequests: [string, string, unknown][] = [
  ['POST', '/api/oauth/login', '{"username": "admin", '],
  ['POST', '/api/oauth/login', { username: 123, password: ['x'] }],
  ['POST', '/api/oauth/login', { username: long, password: 'x' }],
  ['POST', '/api/oauth/login', []],
  ['POST', '/api/oauth/login', 'null'],
  ['POST', '/api/oauth/login', undefined],
  ['POST', '/api/oauth/login', { username: 'admin', password: long }],
  ['POST', '/api/oauth/thirdparty/login', { token: 5 }],
  ['GET', `/api/upms/upms/dict/type/${encodeURIComponent("x';drop table users;--")}`, undefined],
  ['GET', `/api/upms/upms/dict/type/${'a'.repeat(300)}`, undefined],
  ['GET', `/api/upms/selector/tree/org/user/${bad}`, undefined],
  ['GET', `/api/upms/selector/tree/org/user/nopermfilter/${long}`, undefined],
  ['GET', `/api/upms/selector/tree/org/user/0?queryValue=${'张'.repeat(60)}`, undefined],
  ['GET', `/api/upms/selector/tree/group/user/${bad}`, undefined],
  ['GET', `/api/upms/selector/tree/post/user/${bad}`, undefined],
  ['GET', `/api/upms/user/org/all/${bad}`, undefined],
  ['POST', '/api/form/poppage/getDataById', { code: 'table', id: '1' }],
  ['POST', '/api/form/poppage/getDataById', { code: 'user' }],
  ['POST', '/api/upms/message/send', {}],
  ['POST', '/api/upms/message/send', { title: '通知', receiverIds: 'x', channels: ['app'] }],
  ['POST', '/api/upms/message/send', { title: '通知', receiverIds: ['x'], channels: ['carrier-pigeon'] }],
  ['POST', '/api/upms/message/send', { title: '通知', receiverIds: [bad], channels: ['app'] }],
  ['POST', '/api/upms/message/send', { title: long, receiverIds: [bad], channels: ['app'] }],
  ['GET', '/api/message/inbox?pageNum=abc', undefined],
  ['GET', '/api/message/inbox?pageSize=1000', undefined],
  ['GET', '/api/message/inbox?pageNum=-1', undefined],
  ['GET', `/api/message/inbox?keyword=${long}`, undefined],
  ['POST', `/api/message/${bad}/read`, undefined],
  ['POST', '/api/form/common/file/upload', { file: 'x' }],
  ['GET', '/api/form/common/api/downloadFile', undefined],
  ['GET', '/api/form/common/api/preview?fileName=', undefined],
  ['POST', '/api/mobile/ding/talk/login', undefined],
  ['POST', `/api/mobile/ding/talk/login?code=${long}`, undefined],
  ['POST', '/api/mobile/wecom/login', undefined],
  ['POST', `/api/mobile/wecom/login?code=${long}`, undefined],
  ['POST', '/api/mobile/uni/app/login?cid=%3Cscript%3E', undefined],
  ['POST', '/api/mobile/uni/app/update', undefined],
  ['POST', '/api/mobile/wxmobile/app/signature2', { url: 'javascript:alert(1)' }],
  ['POST', '/api/mobile/wxmobile/app/signature2', 'x'],
];

describe.each(drivers)('input validation, errors and headers on %s', (driver) => {
  const ctx = useServer(driver);

  it.each(badRequests.map(([method, path, body]) => ({ method, path, body, label: `${method} ${path.slice(0, 70)}` })))(
    '$label → 400 with a Chinese message',
    async ({ method, path, body }) => {
      const client = await ctx.as('admin');
      const res = await client.request(method, path, body as never);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(cjk);
      expect(res.body.data).toBeNull();
    },
  );

  it('answers unsupported content types and oversized bodies with a 4xx envelope', async () => {
    const client = await ctx.as('admin');
    const text = await client.post('/api/oauth/login', '<a/>', { 'content-type': 'application/xml' });
    expect(text.status).toBe(415);
    expect(text.body.msg).toMatch(cjk);
    const huge = await client.post('/api/oauth/login', { username: 'a', password: 'b'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.msg).toBe('请求体过大');
    const key = await client.post('/api/upms/message/send', {}, { 'Idempotency-Key': 'k'.repeat(300) });
    expect([key.status, key.body.msg]).toEqual([400, 'Idempotency-Key格式不正确']);
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const client = await ctx.as(null);
    for (const path of ['/api/nothing/here', '/api', '/api/upms/user/current/extra']) {
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, msg: '接口不存在', data: null });
    }
    expect((await client.delete('/api/health')).status).toBe(404);
  });

  it('says clearly that third-party, DingTalk and WeCom are not configured', async () => {
    const anon = await ctx.as(null);
    const third = await anon.post('/api/oauth/thirdparty/login', { token: 'a.b.c' });
    expect([third.status, third.body.msg]).toEqual([400, '未配置第三方登录']);
    const ding = await anon.post('/api/mobile/ding/talk/login?code=abc&path=/');
    expect([ding.status, ding.body.msg]).toEqual([400, '未配置钉钉登录']);
    const wecomLogin = await anon.post('/api/mobile/wecom/login?code=abc&path=/');
    expect([wecomLogin.status, wecomLogin.body.msg]).toEqual([400, '未配置企业微信登录']);
    const wecomAuthorize = await anon.get('/api/mobile/wecom/authorize?path=/');
    expect([wecomAuthorize.status, wecomAuthorize.body.msg]).toEqual([400, '未配置企业微信登录']);
    const wx = await (
      await ctx.as('zhangsan')
    ).post('/api/mobile/wxmobile/app/signature2', { url: 'https://oa.example.com/' });
    expect([wx.status, wx.body.msg]).toEqual([400, '未配置企业微信']);
  });

  it('sets security headers on every answer, HSTS only over https', async () => {
    const anon = await ctx.as(null);
    for (const res of [
      await anon.get('/api/health'),
      await anon.get('/api/nope'),
      await anon.get('/api/upms/user/current'),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    const https = await anon.get('/api/health', { 'x-forwarded-proto': 'https' });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

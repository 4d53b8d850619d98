import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { writeTransaction } from '../../plugins/write-transaction';
import { currentUser } from '../../plugins/auth';
import { createDingTalkClient } from './dingtalk-client';
import { createWecomClient } from './wecom-client';
import { bindDevice, deviceSession, dingTalkSession, refreshOwnDevice, safeAppPath, wecomSession } from './service';
import { assertSignedRequest } from './signed-request';

const dingQuery = z.object({
  code: z.string({ error: '缺少授权码' }).trim().min(1, '缺少授权码').max(256, '授权码格式不正确'),
  path: z.string().max(1000, '跳转地址过长').optional(),
});
const wecomQuery = z.object({
  code: z.string({ error: '缺少授权码' }).trim().min(1, '缺少授权码').max(512, '授权码格式不正确'),
  path: z.string().max(1000, '跳转地址过长').optional(),
});
const authorizeQuery = z.object({ path: z.string().max(1000, '跳转地址过长').optional() });
const cidSchema = z
  .string({ error: '缺少客户端ID' })
  .trim()
  .min(1, '缺少客户端ID')
  .max(128, '客户端ID格式不正确')
  .regex(/^[A-Za-z0-9._:-]+$/, '客户端ID格式不正确');
const uniLoginQuery = z.object({ cid: cidSchema, path: z.string().max(1000, '跳转地址过长').optional() });
const uniUpdateQuery = z.object({ cid: cidSchema });
const signatureBody = z.object({
  url: z
    .string({ error: '请提供页面地址' })
    .trim()
    .min(1, '请提供页面地址')
    .max(2000, '页面地址过长')
    .refine((url) => /^https?:\/\/[^\s]+$/i.test(url) && URL.canParse(url), '页面地址格式不正确'),
});

/** WeCom's 构造网页授权链接: WeCom opens it, then sends the member to `redirectUri` with a one-time code. */
export function wecomAuthorizeUrl(corpId: string, agentId: string | null | undefined, redirectUri: string): string {
  const query = new URLSearchParams({
    appid: corpId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_base',
    state: 'oa',
  });
  if (agentId) query.set('agentid', agentId);
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${query}#wechat_redirect`;
}

/** DingTalk and WeCom login, uni-app device binding and the WeCom JS-SDK signature. */
export async function mobileRoutes(app: FastifyInstance): Promise<void> {
  const { dingtalk, wecom } = app.config;
  // clients are per app instance so their token caches live and die with it
  const ding =
    dingtalk.appKey && dingtalk.appSecret
      ? createDingTalkClient({ ...dingtalk, appKey: dingtalk.appKey, appSecret: dingtalk.appSecret })
      : null;
  const wx =
    wecom.corpId && wecom.corpSecret
      ? createWecomClient({ ...wecom, corpId: wecom.corpId, corpSecret: wecom.corpSecret })
      : null;

  app.post('/api/mobile/ding/talk/login', async (request) => {
    const query = validate(dingQuery, request.query);
    if (!ding) throw new AppError(400, '未配置钉钉登录');
    const dingUser = await ding.userByCode(query.code);
    const uid = await dingTalkSession(app.db, dingUser, app.config.sessionTtlDays);
    return ok({ uid, path: safeAppPath(query.path) }, '登录成功');
  });

  // the WeCom entry (/wecom?path=) without a code: WeCom's authorize page sends the member back with one
  app.get('/api/mobile/wecom/authorize', async (request) => {
    const query = validate(authorizeQuery, request.query);
    if (!wx || !wecom.corpId) throw new AppError(400, '未配置企业微信登录');
    const back = `${app.config.appPublicUrl}/wecom?${new URLSearchParams({ path: safeAppPath(query.path) })}`;
    return ok({ url: wecomAuthorizeUrl(wecom.corpId, wecom.agentId, back) });
  });

  app.post('/api/mobile/wecom/login', async (request) => {
    const query = validate(wecomQuery, request.query);
    if (!wx) throw new AppError(400, '未配置企业微信登录');
    const member = await wx.userByCode(query.code);
    const uid = await wecomSession(app.db, member, app.config.sessionTtlDays);
    return ok({ uid, path: safeAppPath(query.path) }, '登录成功');
  });

  // with a session: binds the device to it; without: the device's bound user gets a new session (spec §4, §7)
  app.post('/api/mobile/uni/app/login', { preHandler: [app.authenticateOptional] }, async (request) => {
    const query = validate(uniLoginQuery, request.query);
    const path = safeAppPath(query.path);
    if (!request.user) {
      const uid = await app.db.transaction((tx) => deviceSession(tx, query.cid, app.config.sessionTtlDays));
      return ok({ uid, path }, '登录成功');
    }
    const user = currentUser(request);
    return writeTransaction(request, async (tx) => {
      await bindDevice(tx, query.cid, user.id, request.sessionId);
      return { path };
    });
  });

  app.post('/api/mobile/uni/app/update', { preHandler: [app.authenticate] }, async (request) => {
    const query = validate(uniUpdateQuery, request.query);
    const user = currentUser(request);
    return writeTransaction(request, async (tx) => {
      // only a login on the device hands it over; an update cannot take someone else's push id
      await refreshOwnDevice(tx, query.cid, user.id, request.sessionId);
      return { cid: query.cid };
    });
  });

  app.post('/api/mobile/wxmobile/app/signature2', { preHandler: [app.authenticateOptional] }, async (request) => {
    const body = validate(signatureBody, request.body);
    if (!request.user) await assertSignedRequest(app.db, request);
    if (!wx) throw new AppError(400, '未配置企业微信');
    return ok(await wx.sign(body.url));
  });
}

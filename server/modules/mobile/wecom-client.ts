import { createHash, randomInt } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import { cachedValue, fetchJson } from './remote-json';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 10-character alphanumeric nonce from a CSPRNG. */
export function nonceStr(length = 10): string {
  return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/** The WeCom JS-SDK signature: sha1 of 'jsapi_ticket=…&noncestr=…&timestamp=…&url=…' (keys sorted, raw values). */
export function jsapiSignature(ticket: string, nonce: string, timestamp: number, url: string): string {
  return createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonce}&timestamp=${timestamp}&url=${url}`)
    .digest('hex');
}

export interface WecomUser {
  userid: string;
  mobile: string | null;
}

/** WeCom API: access token and jsapi_ticket (both cached until shortly before they expire), the OAuth code's member. */
export function createWecomClient(config: { corpId: string; corpSecret: string; apiBase: string }) {
  const check = (body: Record<string, unknown>) => {
    if (body.errcode !== 0) throw new AppError(400, `企业微信接口错误：${String(body.errmsg ?? '未知错误')}`);
    return body;
  };
  const accessToken = cachedValue(async () => {
    const query = new URLSearchParams({ corpid: config.corpId, corpsecret: config.corpSecret });
    const body = check(await fetchJson(`${config.apiBase}/cgi-bin/gettoken?${query}`, '企业微信'));
    return { value: String(body.access_token), expiresInSeconds: Number(body.expires_in ?? 7200) };
  });
  const ticket = cachedValue(async () => {
    const query = new URLSearchParams({ access_token: await accessToken() });
    const body = check(await fetchJson(`${config.apiBase}/cgi-bin/get_jsapi_ticket?${query}`, '企业微信'));
    return { value: String(body.ticket), expiresInSeconds: Number(body.expires_in ?? 7200) };
  });
  const get = async (path: string, params: Record<string, string>) => {
    const query = new URLSearchParams({ access_token: await accessToken(), ...params });
    return check(await fetchJson(`${config.apiBase}${path}?${query}`, '企业微信'));
  };
  return {
    /** the cached access token (the Wechat reminder channel sends with it too) */
    accessToken,
    /**
     * The member behind a one-time OAuth code: 获取访问用户身份 (GET /cgi-bin/auth/getuserinfo) → userid, then 读取成员
     * (GET /cgi-bin/user/get) for the mobile. Someone outside the corp (an openid, no userid) is refused.
     */
    async userByCode(code: string): Promise<WecomUser> {
      const who = await get('/cgi-bin/auth/getuserinfo', { code }).catch((error: unknown) => {
        throw error instanceof AppError && error.status === 400
          ? new AppError(400, error.message.replace('企业微信接口错误', '企业微信授权失败'))
          : error;
      });
      if (typeof who.userid !== 'string' || !who.userid) throw new AppError(400, '企业微信授权失败：您不是本企业成员');
      // a member outside the app's visible range cannot be read (60011): matched by userid alone then
      const member = await get('/cgi-bin/user/get', { userid: who.userid }).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 400) return {} as Record<string, unknown>;
        throw error;
      });
      return {
        userid: who.userid,
        mobile: typeof member.mobile === 'string' && member.mobile ? member.mobile : null,
      };
    },
    /** wx.config data for a page URL (its #fragment removed, as the JS-SDK documentation requires) */
    async sign(pageUrl: string) {
      const url = pageUrl.split('#')[0]!;
      const timestamp = Math.floor(Date.now() / 1000);
      const nonce = nonceStr();
      return {
        appId: config.corpId,
        timestamp,
        nonceStr: nonce,
        signature: jsapiSignature(await ticket(), nonce, timestamp, url),
      };
    },
  };
}

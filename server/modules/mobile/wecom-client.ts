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

/** WeCom API: access token and jsapi_ticket, both cached until shortly before they expire. */
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
  return {
    /** the cached access token (the Wechat reminder channel sends with it too) */
    accessToken,
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

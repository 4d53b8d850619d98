import { AppError } from '../../lib/app-error';
import { cachedValue, fetchJson } from './remote-json';

export interface DingTalkUser {
  userid: string;
  mobile: string | null;
}

/** DingTalk open API: access token (cached) → user id of an auth code → that user's mobile. */
export function createDingTalkClient(config: { appKey: string; appSecret: string; apiBase: string }) {
  const check = (body: Record<string, unknown>): Record<string, unknown> => {
    if (body.errcode !== 0) throw new AppError(400, `钉钉授权失败：${String(body.errmsg ?? '未知错误')}`);
    return body;
  };
  const accessToken = cachedValue(async () => {
    const query = new URLSearchParams({ appkey: config.appKey, appsecret: config.appSecret });
    const body = check(await fetchJson(`${config.apiBase}/gettoken?${query}`, '钉钉'));
    return { value: String(body.access_token), expiresInSeconds: Number(body.expires_in ?? 7200) };
  });
  const post = async (path: string, payload: unknown) => {
    const url = `${config.apiBase}${path}?access_token=${encodeURIComponent(await accessToken())}`;
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) };
    return check(await fetchJson(url, '钉钉', init));
  };
  return {
    /** the cached access token (the DingTalk reminder channel sends with it too) */
    accessToken,
    /** the DingTalk user behind a one-time auth code */
    async userByCode(code: string): Promise<DingTalkUser> {
      const info = (await post('/topapi/v2/user/getuserinfo', { code })).result as { userid?: unknown } | undefined;
      if (typeof info?.userid !== 'string' || !info.userid) throw new AppError(400, '钉钉授权失败：未取得用户');
      const detail = (await post('/topapi/v2/user/get', { userid: info.userid })).result as
        { mobile?: unknown } | undefined;
      return {
        userid: info.userid,
        mobile: typeof detail?.mobile === 'string' && detail.mobile ? detail.mobile : null,
      };
    },
  };
}

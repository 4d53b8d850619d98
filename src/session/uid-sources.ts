import type { DingTalkLoginData, UniAppLoginData } from '@contract/auth';
import { post, ApiError } from '@/api/http';
import { SESSION_KEYS } from '@/lib/local-keys';
import { safeRedirect } from '@/lib/login-redirect';
import { getUid, setUid } from '@/lib/uid-store';
import { LOGIN_NOTICE_KEY } from './login-screen-keys';
import { DINGTALK_ENTRY, UID_PARAMS } from './uid-params';

export { LOGIN_NOTICE_KEY };

interface LocationLike {
  href: string;
  pathname: string;
}

function replaceAddress(to: string): void {
  // the token or code must not stay in the address bar, history or a shared link
  window.history.replaceState(window.history.state, '', to);
}

function leaveNotice(text: string): void {
  try {
    sessionStorage.setItem(LOGIN_NOTICE_KEY, text);
  } catch {
    /* private mode: the login screen shows without the reason */
  }
}

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError &&
    error.kind !== 'network' &&
    error.kind !== 'timeout' &&
    /[\u4e00-\u9fa5]/.test(error.message)
    ? error.message
    : fallback;
}

/** The path a login answer asks to open, when it is an in-app path. */
const inApp = (path: string | undefined) => safeRedirect(path);

/** /dingtalk?code=…&path=…: exchange the code, then open `path` as the server answers it (spec §7). */
async function dingTalkEntry(url: URL): Promise<string> {
  // DingTalk's OAuth redirect names it authCode; a micro-app home address passes it as code
  const code = (url.searchParams.get('code') ?? url.searchParams.get('authCode'))?.trim() ?? '';
  const path = inApp(url.searchParams.get('path') ?? undefined) ?? '/';
  if (!code) {
    leaveNotice('钉钉登录失败：缺少授权码，请从钉钉重新打开');
    replaceAddress(`/login?redirect=${encodeURIComponent(path)}`);
    return '/login';
  }
  try {
    const answer = await post<DingTalkLoginData>('/api/mobile/ding/talk/login', undefined, {
      params: { code, path },
      noToken: true,
      silent: true,
    });
    setUid(answer.uid);
    const next = inApp(answer.path) ?? path;
    replaceAddress(next);
    return next;
  } catch (error) {
    // the user must learn why, on the login screen, and still reach the page after logging in by password
    leaveNotice(failureText(error, '钉钉登录失败，请使用账号密码登录'));
    replaceAddress(`/login?redirect=${encodeURIComponent(path)}`);
    return '/login';
  }
}

/**
 * Settles the uid before the first route guard (spec §4): on the DingTalk entry its `code` is exchanged at
 * /api/mobile/ding/talk/login; elsewhere a `uid` parameter is taken as is, a `token` is exchanged at
 * /api/oauth/thirdparty/login, and an app client id `cid` is bound to the session at /api/mobile/uni/app/login — or,
 * with no session yet, opens one for the user the device was bound to. Resolves to the path the exchange opened, if any.
 */
export async function resolveUidFromUrl(location: LocationLike): Promise<string | undefined> {
  const url = new URL(location.href);
  if (url.pathname.replace(/\/+$/, '') === DINGTALK_ENTRY) return dingTalkEntry(url);
  const params = url.searchParams;
  const used = Object.values(UID_PARAMS).filter((name) => params.has(name));
  if (used.length === 0) return undefined;
  const uid = params.get(UID_PARAMS.uid);
  const token = params.get(UID_PARAMS.token);
  const cid = params.get(UID_PARAMS.clientId);
  for (const name of used) params.delete(name);
  const here = `${url.pathname}${url.search}${url.hash}`;
  // stripped first: whatever happens below, the handover does not stay in the address
  replaceAddress(here);
  let nextPath: string | undefined;
  try {
    if (uid) setUid(uid);
    else if (token)
      setUid(await post<string>('/api/oauth/thirdparty/login', { token }, { noToken: true, silent: true }));
    if (cid) {
      if (getUid()) await post('/api/mobile/uni/app/login', undefined, { params: { cid, path: here }, silent: true });
      else {
        const answer = await post<UniAppLoginData>('/api/mobile/uni/app/login', undefined, {
          params: { cid, path: here },
          noToken: true,
          silent: true,
        });
        setUid(answer.uid ?? null);
        nextPath = inApp(answer.path);
      }
      localStorage.setItem(SESSION_KEYS.clientId, cid);
    }
  } catch (error) {
    if (!getUid()) leaveNotice(failureText(error, '登录失败，请使用账号密码登录'));
  }
  if (nextPath && nextPath !== here) replaceAddress(nextPath);
  return nextPath;
}

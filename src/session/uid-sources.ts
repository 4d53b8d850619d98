import type { DingTalkLoginData, UniAppLoginData, WecomAuthorizeData } from '@contract/auth';
import { get, post, ApiError } from '@/api/http';
import { SESSION_KEYS } from '@/lib/local-keys';
import { safeRedirect } from '@/lib/login-redirect';
import { getUid, setUid } from '@/lib/uid-store';
import { detectHostApp } from '@/platform/user-agent';
import { LOGIN_NOTICE_KEY } from './login-screen-keys';
import { DINGTALK_ENTRY, UID_PARAMS, VENDOR_ENTRY, WECOM_ENTRY } from './uid-params';

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

const VENDORS = {
  [DINGTALK_ENTRY]: { name: '钉钉', login: '/api/mobile/ding/talk/login' },
  [WECOM_ENTRY]: { name: '企业微信', login: '/api/mobile/wecom/login' },
} as const;

/**
 * /wecom without a code: WeCom's authorize page (from our server, which knows the corp and app) sends the member back
 * here with one. Resolves never when it goes there: the page is leaving.
 */
async function wecomAuthorize(path: string): Promise<string> {
  const answer = await get<WecomAuthorizeData>(
    '/api/mobile/wecom/authorize',
    { path },
    { noToken: true, silent: true },
  );
  window.location.replace(answer.url);
  return new Promise<string>(() => undefined);
}

/**
 * /dingtalk or /wecom ?code=…&path=…: exchange the vendor's code, then open `path` as the server answers it (spec §7).
 * A failure is told on the login screen, which still opens `path` after a password login.
 */
async function vendorEntry(url: URL, entry: keyof typeof VENDORS): Promise<string> {
  const vendor = VENDORS[entry];
  // DingTalk's OAuth redirect names it authCode; a micro-app home address passes it as code
  let code = (url.searchParams.get('code') ?? url.searchParams.get('authCode'))?.trim() ?? '';
  const path = inApp(url.searchParams.get('path') ?? undefined) ?? '/';
  try {
    if (!code && entry !== DINGTALK_ENTRY) return await wecomAuthorize(path);
    // inside DingTalk a link that names the corp (the reminders, a home address with corpId=$CORPID$) asks DingTalk
    const corpId = url.searchParams.get('corpId');
    if (!code && corpId && detectHostApp(navigator.userAgent) === 'dingtalk')
      code = await import('@/api/host/dingtalk-container').then((m) => m.dingTalkAuthCode(corpId));
    if (!code) throw new Error('no code');
    const answer = await post<DingTalkLoginData>(vendor.login, undefined, {
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
    leaveNotice(
      code
        ? failureText(error, `${vendor.name}登录失败，请使用账号密码登录`)
        : failureText(error, `${vendor.name}登录失败：缺少授权码，请从${vendor.name}重新打开`),
    );
    replaceAddress(`/login?redirect=${encodeURIComponent(path)}`);
    return '/login';
  }
}

/**
 * Settles the uid before the first route guard (spec §4): on the DingTalk or WeCom entry its `code` is exchanged
 * at /api/mobile/ding/talk/login or /api/mobile/wecom/login; elsewhere a `uid` parameter is taken as is, a `token` is exchanged at
 * /api/oauth/thirdparty/login, and an app client id `cid` is bound to the session at /api/mobile/uni/app/login — or,
 * with no session yet, opens one for the user the device was bound to. Resolves to the path the exchange opened, if any.
 */
export async function resolveUidFromUrl(location: LocationLike): Promise<string | undefined> {
  const url = new URL(location.href);
  const entry = VENDOR_ENTRY.exec(url.pathname)?.[0] as keyof typeof VENDORS | undefined;
  if (entry) return vendorEntry(url, entry);
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

import type { DingTalkLoginData } from '@contract/auth';
import { post } from '@/api/http';
import { SESSION_KEYS } from '@/lib/local-keys';
import { getUid, setUid } from '@/lib/uid-store';

/** URL parameters that carry a session or a way to get one (spec §4); all are removed once used. */
export const UID_PARAMS = { uid: 'uid', token: 'token', dingTalkCode: 'code', clientId: 'cid' } as const;

interface LocationLike {
  href: string;
  pathname: string;
}

function stripParams(url: URL, names: string[]): void {
  for (const name of names) url.searchParams.delete(name);
  // The token must not stay in the address bar, history or a shared link.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Settles the uid before the first route guard: a `uid` parameter is taken as is; a `token` is exchanged at
 * /api/oauth/thirdparty/login; a workplace-chat `code` at /api/mobile/ding/talk/login; an app client id `cid` is bound
 * to the session at /api/mobile/uni/app/login. Resolves to the path the exchange asks to open, if any.
 */
export async function resolveUidFromUrl(location: LocationLike): Promise<string | undefined> {
  const url = new URL(location.href);
  const params = url.searchParams;
  const used = Object.values(UID_PARAMS).filter((name) => params.has(name));
  if (used.length === 0) return undefined;
  const path = location.pathname;
  let nextPath: string | undefined;
  try {
    const uid = params.get(UID_PARAMS.uid);
    const token = params.get(UID_PARAMS.token);
    const code = params.get(UID_PARAMS.dingTalkCode);
    if (uid) setUid(uid);
    else if (token) setUid(await post<string>('/api/oauth/thirdparty/login', { token }, { noToken: true }));
    else if (code) {
      const answer = await post<DingTalkLoginData>('/api/mobile/ding/talk/login', undefined, { params: { code, path }, noToken: true });
      setUid(answer.uid);
      nextPath = answer.path;
    }
    const cid = params.get(UID_PARAMS.clientId);
    if (cid && getUid()) {
      await post('/api/mobile/uni/app/login', undefined, { params: { cid, path } });
      localStorage.setItem(SESSION_KEYS.clientId, cid);
    }
  } finally {
    stripParams(url, used);
  }
  return nextPath;
}

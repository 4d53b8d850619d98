/** URL parameters that carry a session or a way to get one on any page (spec §4); all are removed once used. */
export const UID_PARAMS = { uid: 'uid', token: 'token', clientId: 'cid' } as const;

/**
 * The DingTalk entry: the only address whose `code` is a DingTalk auth code. The DingTalk app's home address is
 * `https://<host>/dingtalk?path=<in-app path>` (DingTalk adds `code`, or `authCode` on its OAuth redirect). Everywhere else `code` belongs to the page
 * (a meeting sign-in token, a 业务建模 model code) and is never sent to DingTalk.
 */
export const DINGTALK_ENTRY = '/dingtalk';

/**
 * The WeCom entry, the same for WeCom: the app's home address and every WeCom reminder open
 * `https://<host>/wecom?path=<in-app path>`; without a `code` it goes to WeCom's authorize page, which comes back to it
 * with one.
 */
export const WECOM_ENTRY = '/wecom';

/** The address of either entry (a trailing slash allowed); its match is the entry. */
export const VENDOR_ENTRY = /^\/(?:dingtalk|wecom)(?=\/*$)/;

/**
 * True when the address hands a session over (resolveUidFromUrl has work to do). Checked before the exchange code is
 * fetched: an ordinary start carries none, and the exchange (with the login calls it makes) stays out of its first load.
 */
export function carriesUid(location: { href: string }): boolean {
  const url = new URL(location.href);
  if (VENDOR_ENTRY.test(url.pathname)) return true;
  return Object.values(UID_PARAMS).some((name) => url.searchParams.has(name));
}

/**
 * The push services browsers subscribe with (Chrome/Edge via FCM, Firefox, Safari, legacy Edge): only these and the
 * configured origins are accepted, so a subscription can never make the server post to an address of its choosing.
 */
const KNOWN_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^(?:[a-z0-9-]+\.)*push\.apple\.com$/,
  /^(?:[a-z0-9-]+\.)*notify\.windows\.com$/,
];

/** Whether a push endpoint may be stored: https on a known push service, or an origin of PUSH_ENDPOINT_ALLOWLIST. */
export function isAllowedPushEndpoint(endpoint: string, allowlist: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowlist.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' &&
    (url.port === '' || url.port === '443') &&
    KNOWN_PUSH_HOSTS.some((host) => host.test(url.hostname))
  );
}

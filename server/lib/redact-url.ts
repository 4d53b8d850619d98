/** Query parameters that carry a credential: a session (uid), a ticket, a token or a vendor auth code. */
const secretParams = /^(uid|ticket|token|access_token|code|authcode|auth_code|signature|sign)$/i;

/** The URL as it may be logged: the values of credential parameters replaced, everything else kept. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is logged as it came
      }
      return eq >= 0 && secretParams.test(decoded.trim()) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

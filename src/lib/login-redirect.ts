/** Where a successful login may send the user: a path of this site only (never `//host` or an absolute URL). */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  // as the browser reads it: `/\\host` and `/<tab>/host` are other sites too
  const base = 'https://app.invalid';
  try {
    return new URL(value, base).origin === base ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The address of the login document, keeping where to go after the login. */
export function loginHref(redirect?: string): string {
  const to = safeRedirect(redirect);
  return to ? `/login?redirect=${encodeURIComponent(to)}` : '/login';
}

/**
 * The login screen is a document of its own (no React, router or Query): the app never renders it, it loads it in
 * full (`replace`, so going back does not land on a page that would only send the user here again).
 */
export function openLoginDocument(redirect?: string): void {
  window.location.replace(loginHref(redirect));
}

/**
 * For a route's beforeLoad: opens the login document and returns a promise that never settles, since the document is
 * being replaced and nothing of the route may render meanwhile.
 */
export function handOverToLoginDocument(redirect?: string): Promise<never> {
  openLoginDocument(redirect);
  return new Promise<never>(() => undefined);
}

/*
 * What the login screen reads at once, kept apart from the login call and the HTTP client: the login document
 * (src/features/auth/login-document.ts) paints and takes typing without loading axios.
 */

/** A message for the login screen, e.g. why a DingTalk or token login did not work (read once by the login document). */
export const LOGIN_NOTICE_KEY = 'oa.loginNotice';

const USERNAME_KEY = 'oa.lastUsername';

function readRemembered(): string {
  try {
    return localStorage.getItem(USERNAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The user name typed at the last successful login (kept across logouts on purpose: it is not a secret). */
export const rememberedUsername = readRemembered();

export function rememberUsername(username: string): void {
  try {
    localStorage.setItem(USERNAME_KEY, username);
  } catch {
    /* not remembering the name is harmless */
  }
}

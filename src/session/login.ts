import { get, post } from '@/api/http';
import { platformConfig } from '@/platform/platform-config';
import { setUid } from '@/lib/uid-store';
import { emitSessionEvent } from '@/lib/session-events';
import { rememberUsername } from './login-screen-keys';

export { rememberedUsername } from './login-screen-keys';

function utf8Binary(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join('');
}

function pemBody(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
}

function toBase64(bytes: ArrayBuffer): string {
  return btoa(Array.from(new Uint8Array(bytes), (byte) => String.fromCharCode(byte)).join(''));
}

// The platform's own RSA-OAEP (SHA-256, as the server expects): no library on the login page.
async function webCryptoOaep(publicPem: string, password: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    const key = await subtle.importKey('spki', pemBody(publicPem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    return toBase64(await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password)));
  } catch {
    return null;
  }
}

/**
 * RSA-encrypts with the server's key: OAEP (SHA-256) by default, PKCS#1 v1.5 only for legacy back ends. jsencrypt
 * is fetched only where WebCrypto is missing (plain http on an old WebView) or for the legacy padding.
 */
export async function encryptPassword(
  publicPem: string,
  password: string,
  padding = platformConfig.passwordPadding,
): Promise<string> {
  const native = padding === 'oaep' ? await webCryptoOaep(publicPem, password) : null;
  if (native) return native;
  const { default: JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicPem);
  // jsencrypt's OAEP path takes one byte per character: hand it the UTF-8 bytes, or a 中文 password arrives mangled.
  const encrypted = padding === 'oaep' ? rsa.encryptOAEP(utf8Binary(password)) : rsa.encrypt(password);
  if (!encrypted) throw new Error('密码加密失败，请刷新后重试');
  return encrypted;
}

/** Spec §3/§7: public key → encrypted password → POST /api/oauth/login; stores and returns the uid. */
export async function login({ username, password }: { username: string; password: string }): Promise<string> {
  const publicPem = await get<string>('/api/oauth/publicKey', undefined, { noToken: true, silent: true });
  const uid = await post<string>(
    '/api/oauth/login',
    { username, password: await encryptPassword(publicPem, password) },
    { noToken: true, silent: true, headers: { tenantId: platformConfig.tenantId, clientType: '2' } },
  );
  setUid(uid);
  rememberUsername(username);
  await emitSessionEvent('login');
  return uid;
}

import { generateKeyPair, privateDecrypt, constants } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rsaKeys } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const generate = promisify(generateKeyPair);
const KEY_ID = 'login';

/** The login key pair as the login routes use it. */
export interface KeyStore {
  /** the SPKI PEM the login page encrypts with */
  publicPem(): Promise<string>;
  /** decrypts a base64 RSA-OAEP(SHA-256) ciphertext; 400 when it cannot */
  decrypt(base64: string): Promise<string>;
  /** the private key PEM: the shared secret link tickets are signed with (never sent anywhere) */
  privatePem(): Promise<string>;
}

async function loadOrCreate(db: Db): Promise<{ publicPem: string; privatePem: string }> {
  const [found] = await db.select().from(rsaKeys).where(eq(rsaKeys.id, KEY_ID));
  if (found) return found;
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  // two processes may race here: the first insert wins and both read it back
  await db.insert(rsaKeys).values({ id: KEY_ID, publicPem: publicKey, privatePem: privateKey }).onConflictDoNothing();
  const [stored] = await db.select().from(rsaKeys).where(eq(rsaKeys.id, KEY_ID));
  if (!stored) throw new Error('rsa key was not stored');
  return stored;
}

/** The login key pair, created once in the database (shared by every process) and cached in memory. */
export function createKeyStore(db: Db): KeyStore {
  let pair: Promise<{ publicPem: string; privatePem: string }> | null = null;
  const get = () => {
    pair ??= loadOrCreate(db).catch((error: unknown) => {
      pair = null; // a failed load must be retried, not cached
      throw error;
    });
    return pair;
  };
  return {
    publicPem: async () => (await get()).publicPem,
    privatePem: async () => (await get()).privatePem,
    decrypt: async (base64) => {
      const { privatePem } = await get();
      const cipher = Buffer.from(base64, 'base64');
      try {
        if (cipher.length !== 256) throw new Error('wrong length');
        const plain = privateDecrypt(
          { key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          cipher,
        );
        return plain.toString('utf8');
      } catch {
        throw new AppError(400, '密码解密失败，请刷新页面后重试');
      }
    },
  };
}

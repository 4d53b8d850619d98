const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec §9: a signature nonce of 10 random alphanumeric characters (crypto-grade randomness). */
export function createNonce(length = 10): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 256 is not a multiple of 62; the slight bias is irrelevant for a nonce that only has to be unpredictable.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// the largest multiple of 62 below 256: bytes at or above it are dropped so every character is equally likely
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** Spec §9: a signature nonce of 10 random alphanumeric characters (crypto-grade randomness). */
export function createNonce(length = 10): string {
  let out = '';
  while (out.length < length) {
    const bytes = new Uint8Array(length * 2);
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

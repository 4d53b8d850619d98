/**
 * Idempotency-Keys of this client's recent writes. The server stamps each live event with the key of the write that
 * caused it (`origin`); an event this client caused needs no refetch, the write's own invalidation already did it.
 */
const MAX_REMEMBERED = 200;
const keys = new Set<string>();

export function rememberOwnWrite(key: string): string {
  keys.add(key);
  // a Set iterates in insertion order: drop the oldest
  if (keys.size > MAX_REMEMBERED) keys.delete(keys.values().next().value as string);
  return key;
}

export function isOwnWrite(origin: string | undefined): boolean {
  return Boolean(origin) && keys.has(origin!);
}

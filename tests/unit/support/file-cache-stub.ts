import { vi } from 'vitest';

/**
 * Cache Storage as a browser keeps it: one named cache of responses by address, holding `kept` (address → body) at
 * first. Answers the store, to read what the code under test put or deleted. Undo with vi.unstubAllGlobals().
 */
export function stubFileCache(kept: Record<string, string> = {}): Map<string, Response> {
  const store = new Map(Object.entries(kept).map(([address, body]) => [address, new Response(body)]));
  vi.stubGlobal('caches', {
    open: async () => ({
      match: async (address: string | Request) => store.get(String(address))?.clone(),
      put: async (address: string, response: Response) => void store.set(address, response),
      delete: async (address: string) => store.delete(address),
      keys: async () => [...store.keys()].map((url) => ({ url })),
    }),
  });
  return store;
}

// The unit project's shared setup clears localStorage after each test; files that need Node's own http and fetch
// (`@vitest-environment node`) have no DOM, so they import this first to give that cleanup something to clear.
const g = globalThis as { localStorage?: Pick<Storage, 'clear'> };
g.localStorage ??= { clear: () => undefined };
export {};

import { createStore } from '@/lib/create-store';

/** How many overlay-tracked requests are in flight; the loading overlay watches it. */
export const pendingRequests = createStore(0);

export function beginRequest(): void {
  pendingRequests.set((n) => n + 1);
}

export function endRequest(): void {
  pendingRequests.set((n) => Math.max(0, n - 1));
}

/** Session changes other layers react to without importing each other (http → shell, logout → offline cache). */
export type SessionEvent = 'expired' | 'force-logout' | 'logout' | 'login' | 'password-change-required';

const listeners = new Map<SessionEvent, Set<() => void | Promise<void>>>();

export function onSessionEvent(name: SessionEvent, listener: () => void | Promise<void>): () => void {
  const set = listeners.get(name) ?? new Set();
  set.add(listener);
  listeners.set(name, set);
  return () => set.delete(listener);
}

/** Runs every listener; resolves when async ones (e.g. wiping the offline cache) have finished. */
export async function emitSessionEvent(name: SessionEvent): Promise<void> {
  const pending = [...(listeners.get(name) ?? [])].map(async (listener) => {
    try {
      await listener();
    } catch (error) {
      console.error(`session event ${name} listener failed`, error);
    }
  });
  await Promise.all(pending);
}

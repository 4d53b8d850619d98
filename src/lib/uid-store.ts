import { createStore } from '@/lib/create-store';

const UID_KEY = 'oa.uid';

function readUid(): string | null {
  try {
    return localStorage.getItem(UID_KEY);
  } catch {
    return null;
  }
}

/** The session token (opaque; the server maps it to a user). Kept in localStorage so the app reopens logged in. */
export const uidStore = createStore<string | null>(readUid());

uidStore.subscribe((uid) => {
  try {
    if (uid) localStorage.setItem(UID_KEY, uid);
    else localStorage.removeItem(UID_KEY);
  } catch {
    /* private mode: the session lasts as long as the tab */
  }
});

export const getUid = () => uidStore.get();
export const setUid = (uid: string | null) => uidStore.set(uid);

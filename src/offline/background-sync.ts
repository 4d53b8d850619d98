import { OUTBOX_SYNC_TAG, saveOutboxAuthority } from '@/lib/outbox-authority';
import { getUid } from '@/lib/uid-store';
import { platformConfig } from '@/platform/platform-config';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * A write was queued: the service worker may send it even if the app is closed before the network returns. It gets
 * the session the write was queued under, and a Background Sync registration where the browser has one (Chromium);
 * elsewhere the page's own replay (and a push wake-up) send it.
 */
export async function askWorkerToSend(userKey: string): Promise<void> {
  const uid = getUid();
  if (!uid || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    await saveOutboxAuthority({ userKey, uid, baseUrl: platformConfig.baseUrl });
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // no worker or no permission: the page's replay still sends the write
  }
}

import { useEffect, useState } from 'react';
import { dismissEntry, listOutbox } from '@/offline/outbox';

/**
 * A booking or 修改会议 the server refused on replay (the room was taken, the meeting cancelled meanwhile), read back
 * from the outbox to send again.
 */
export interface RefusedBooking<T> {
  /** still reading the outbox */
  loading: boolean;
  /** the form's values when it was queued, or null when no refused booking has that key */
  draft: T | null;
  /** the refused entry's id, dismissed once it was booked again */
  entryId: string | null;
}

/** The refused write queued under `idempotencyKey` (the `rebook` of /meeting/addMeeting), if it is still kept. */
export function useRefusedBooking<T>(idempotencyKey?: string): RefusedBooking<T> {
  const [found, setFound] = useState<RefusedBooking<T>>({
    loading: Boolean(idempotencyKey),
    draft: null,
    entryId: null,
  });
  useEffect(() => {
    if (!idempotencyKey) return;
    let alive = true;
    void listOutbox().then((entries) => {
      const entry = entries.find(
        (e) => e.idempotencyKey === idempotencyKey && (e.status === 'conflict' || e.status === 'failed'),
      );
      if (!alive) return;
      const draft = entry?.draft ? (entry.draft as T) : null;
      setFound({ loading: false, draft, entryId: draft ? entry!.id : null });
    });
    return () => void (alive = false);
  }, [idempotencyKey]);
  return found;
}

/** The refused booking was booked again (or given up): its refusal leaves the outbox. */
export const forgetRefusedBooking = (entryId: string) => dismissEntry(entryId);

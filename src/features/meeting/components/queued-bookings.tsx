import { Link } from '@tanstack/react-router';
import { isWaiting } from '@/offline/outbox-store';
import { refusalText } from '@/offline/refusal-text';
import { useOutbox } from '@/offline/use-outbox';

/**
 * Bookings made offline, on the meeting home until the server has them: waiting ones as 待同步, and one the server
 * refused on replay (the room was taken meanwhile) in words, with 重新预订 opening the form filled as it was.
 */
export function QueuedBookings() {
  const { entries, dismiss } = useOutbox();
  const bookings = entries.filter((e) => e.method === 'POST' && e.url === '/api/meeting');
  if (!bookings.length) return null;
  return (
    <ul className="meeting-queued" aria-label="离线预订">
      {bookings.map((entry) =>
        isWaiting(entry) ? (
          <li key={entry.id} className="meeting-queued-row">
            <span>{entry.label}</span>
            <span className="meeting-muted">待同步</span>
          </li>
        ) : (
          <li key={entry.id} className="meeting-queued-row meeting-queued-refused" role="alert">
            <span>{refusalText(entry)}</span>
            {entry.draft ? (
              <Link
                to="/meeting/addMeeting"
                search={{ rebook: entry.idempotencyKey }}
                className="meeting-queued-action"
              >
                重新预订
              </Link>
            ) : null}
            <button type="button" className="meeting-queued-action" onClick={() => void dismiss(entry.id)}>
              知道了
            </button>
          </li>
        ),
      )}
    </ul>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm for today (what the offline bar shows); older data also says the day so nobody mistakes it for today's. */
export function formatUpdatedAt(at: number, now = Date.now()): string {
  const d = new Date(at);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return new Date(now).toDateString() === d.toDateString()
    ? time
    : `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

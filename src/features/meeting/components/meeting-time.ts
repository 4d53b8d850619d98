/** Shanghai wall time for display, whatever zone the phone is set to (the server works in Asia/Shanghai too). */
const OFFSET = 8 * 3_600_000;
const local = (iso: string) => new Date(Date.parse(iso) + OFFSET).toISOString();

export const shanghaiDate = (iso: string) => local(iso).slice(0, 10);
export const shanghaiClock = (iso: string) => local(iso).slice(11, 16);

/** e.g. 3月4日 10:00–11:30, or across days 3月4日 10:00–3月5日 09:00 */
export function timeSpan(startAt: string, endAt: string): string {
  const md = (iso: string) => {
    const d = shanghaiDate(iso);
    return `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;
  };
  const sameDay = shanghaiDate(startAt) === shanghaiDate(endAt);
  return `${md(startAt)} ${shanghaiClock(startAt)}–${sameDay ? '' : `${md(endAt)} `}${shanghaiClock(endAt)}`;
}

/** A booking's name in the outbox and its refusal: 预订「第二会议室」3月4日 10:00–11:00 (a link-only one by its subject). */
export function bookingLabel(room: string | undefined, subject: string, date: string, start: string, end: string) {
  const day = `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
  return `${room ? `预订「${room}」` : `预订会议「${subject}」`}${day} ${start}–${end}`;
}

/** A Date picked on the phone (its own zone) read as Shanghai wall time → ISO instant with +08:00. */
export function wallTimeToIso(date: string, clock: string): string {
  return new Date(`${date}T${clock}:00+08:00`).toISOString();
}

/** Today's date in Shanghai. */
export const shanghaiToday = () => shanghaiDate(new Date().toISOString());

/** The default time of a new booking: a day and its start and end wall clocks. */
export interface Slot {
  date: string;
  start: string; // HH:mm
  end: string;
}

const HALF_HOUR = 30 * 60_000;

/**
 * Where a new booking starts: the next half hour from now (10:07 → 10:30–11:30), on the asked day when that is still
 * to come (a later day opens at 10:00–11:00). An hour past 23:30 would fall on the next day, so the end stops at 23:59.
 */
export function defaultSlot(now: number, asked?: string): Slot {
  const next = new Date((Math.floor(now / HALF_HOUR) + 1) * HALF_HOUR).toISOString();
  const soonest = { date: shanghaiDate(next), start: shanghaiClock(next) };
  if (asked && asked > soonest.date) return { date: asked, start: '10:00', end: '11:00' };
  const end = shanghaiClock(new Date(Date.parse(next) + 60 * 60_000).toISOString());
  return { ...soonest, end: end > soonest.start ? end : '23:59' };
}

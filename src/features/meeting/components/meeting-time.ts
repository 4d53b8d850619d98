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

/** A Date picked on the phone (its own zone) read as Shanghai wall time → ISO instant with +08:00. */
export function wallTimeToIso(date: string, clock: string): string {
  return new Date(`${date}T${clock}:00+08:00`).toISOString();
}

/** Today's date in Shanghai. */
export const shanghaiToday = () => shanghaiDate(new Date().toISOString());

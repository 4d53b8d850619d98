// 会议 and 日程 read paths on PostgreSQL (its own throw-away database on 127.0.0.1:5432, like the API tests):
//  - the month view (GET /api/schedule/occurrences) of a user with 5 years of events, 200 of them recurring series;
//  - room availability for 200 rooms over a week with their bookings: the week view's free/busy answer
//    (GET /api/meeting/rooms/free-busy?days=7), and for reference the booking-by-booking one (GET /api/meeting/rooms?days=7).
// Each figure is one request at a time (latency, not throughput): RUNS runs of REQUESTS requests, the median of the
// runs' p50/p99, and the best run's p99 as the floor this machine can reach. Target: p99 ≤ 20 ms for both.
// Standalone: `npx tsx bench/meeting-schedule.ts` (writes bench/meeting-schedule.json and its section of results.md);
// `npm run bench` runs it as BENCH_ONLY=meeting.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { RoomDay, RoomsFreeBusy } from '../contract/meeting';
import type { ScheduleOccurrence } from '../contract/schedule';
import { meetingBuildings, meetingRooms, meetings, roomBookings, scheduleEvents, users } from '../server/db/schema';
import { normaliseRule } from '../server/modules/schedule/rule-days';
import { dayNumber } from '../server/lib/shanghai-time';
import { api, loginAs, startTestServer, type TestServer } from '../tests/factories/test-server';
import { median } from './lib/section';

const TARGET_MS = 20;
const RUNS = 5;
const REQUESTS = 100;
const YEARS = 5;
const SERIES = 200;
const ROOMS = 200;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TITLE = '会议与日程';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
/** Shanghai midnight of a date key as epoch ms (China has no DST: always UTC+8). */
const shanghai = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const FIRST_DAY = shanghai('2025-01-01');

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Five years of one person's calendar: ~3 events a working day, and 200 daily / weekly / monthly series. */
export async function fillCalendar(server: TestServer, ownerId: string): Promise<number> {
  const { db } = server.database;
  const rows: (typeof scheduleEvents.$inferInsert)[] = [];
  for (let day = 0; day < YEARS * 365; day += 1) {
    const midnight = FIRST_DAY + day * DAY;
    if (new Date(midnight + 8 * HOUR).getUTCDay() % 6 === 0) continue;
    for (const hour of [9, 13, 16]) {
      const startAt = new Date(midnight + hour * HOUR);
      const endAt = new Date(startAt.getTime() + HOUR);
      rows.push({ ownerId, title: `日程 ${day}-${hour}`, startAt, endAt, lastEndAt: endAt, location: '办公室' });
    }
  }
  const freqs = ['daily', 'weekly', 'monthly'] as const;
  for (let i = 0; i < SERIES; i += 1) {
    // series start all over the five years; a third end after a year, the rest run open-ended
    const startAt = new Date(FIRST_DAY + ((i * 9) % (YEARS * 365)) * DAY + (8 + (i % 10)) * HOUR);
    const freq = freqs[i % 3]!;
    const until = i % 3 === 0 ? new Date(startAt.getTime() + 365 * DAY).toISOString().slice(0, 10) : undefined;
    const rule = normaliseRule(
      {
        freq,
        interval: freq === 'daily' ? 7 : 1,
        ...(freq === 'weekly' ? { byDay: [1 + (i % 5)] } : {}),
        monthEnd: 'clamp',
        ...(until ? { until } : {}),
      },
      dayNumber(startAt.getTime()),
    );
    rows.push({
      ownerId,
      title: `例会 ${i}`,
      startAt,
      endAt: new Date(startAt.getTime() + HOUR / 2),
      rule,
      lastEndAt: until ? new Date(shanghai(until) + DAY) : null,
    });
  }
  await insertChunked(rows, (chunk) => db.insert(scheduleEvents).values(chunk));
  return rows.length;
}

/** 200 rooms in 10 buildings, each booked 4 times a working day for the measured week. */
export async function fillRooms(server: TestServer, organizerId: string, week: string): Promise<number> {
  const { db } = server.database;
  const buildings = await db
    .insert(meetingBuildings)
    .values(Array.from({ length: 10 }, (_, i) => ({ name: `压测楼${i}`, sort: 100 + i })))
    .returning({ id: meetingBuildings.id });
  const rooms = await db
    .insert(meetingRooms)
    .values(
      Array.from({ length: ROOMS }, (_, i) => ({
        buildingId: buildings[i % 10]!.id,
        name: `压测室${i}`,
        capacity: 10 + (i % 30),
        sort: i,
      })),
    )
    .returning({ id: meetingRooms.id });
  const slots: { roomId: string; startAt: Date; endAt: Date }[] = [];
  for (let day = 0; day < 5; day += 1) {
    const midnight = shanghai(week) + day * DAY;
    for (const room of rooms)
      for (const hour of [9, 11, 14, 16])
        slots.push({
          roomId: room.id,
          startAt: new Date(midnight + hour * HOUR),
          endAt: new Date(midnight + (hour + 1.5) * HOUR),
        });
  }
  const made = await Promise.all(
    Array.from({ length: Math.ceil(slots.length / 1000) }, (_, c) =>
      db
        .insert(meetings)
        .values(
          slots.slice(c * 1000, (c + 1) * 1000).map((s) => ({
            subject: '压测会议',
            roomId: s.roomId,
            startAt: s.startAt,
            endAt: s.endAt,
            organizerId,
            signInSecret: 'bench-secret-0123456789',
          })),
        )
        .returning({ id: meetings.id }),
    ),
  );
  const ids = made.flat();
  await insertChunked(
    slots.map((s, i) => ({ ...s, meetingId: ids[i]!.id })),
    (chunk) => db.insert(roomBookings).values(chunk),
  );
  return slots.length;
}

interface Figure {
  p50: number;
  p99: number;
  floor: number;
  runs: number[];
  /** CPU this process spent per request (the server and the client share it; PostgreSQL's share is not in it): a
   * figure a busy shared machine inflates far less than latency */
  cpuMs: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** RUNS runs of REQUESTS sequential requests after a warm-up; medians of the runs, and the best run's p99. */
async function measure(url: string, uid: string): Promise<Figure> {
  for (let i = 0; i < 20; i += 1) await fetch(url, { headers: { uid } }).then((r) => r.arrayBuffer());
  const p50s: number[] = [];
  const p99s: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let run = 0; run < RUNS; run += 1) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers: { uid } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    p50s.push(quantile(times, 0.5));
    p99s.push(quantile(times, 0.99));
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    p50: median(p50s),
    p99: median(p99s),
    floor: Math.min(...p99s),
    runs: p99s,
    cpuMs: (cpu.user + cpu.system) / 1000 / (RUNS * REQUESTS),
  };
}

const fmt = (n: number) => n.toFixed(1);

export async function runMeetingScheduleBench(): Promise<string[]> {
  const server = await startTestServer({ driver: 'pg' });
  try {
    const [owner] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangsan'));
    const events = await fillCalendar(server, owner!.id);
    const week = '2027-06-07'; // a Monday
    // the bookings are someone else's meetings: the measured user's calendar holds only their own events
    const [other] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const bookings = await fillRooms(server, other!.id, week);
    await server.database.db.execute(sql`analyze`);
    const uid = await loginAs(server.baseUrl, 'zhangsan', '123456');

    // a bench of empty answers proves nothing: the month has occurrences of singles and series, the week has bookings
    const monthUrl = `${server.baseUrl}/api/schedule/occurrences?from=2027-06-01&to=2027-06-30`;
    const month = (await api(server.baseUrl, uid).get<ScheduleOccurrence[]>(monthUrl.slice(server.baseUrl.length))).body
      .data;
    const recurring = month.filter((o) => o.recurring).length;
    if (month.length < 60 || recurring === 0)
      throw new Error(`month view too thin: ${month.length} occurrences, ${recurring} recurring`);
    const roomsUrl = `${server.baseUrl}/api/meeting/rooms?date=${week}&days=7`;
    const rooms = (await api(server.baseUrl, uid).get<RoomDay[]>(roomsUrl.slice(server.baseUrl.length))).body.data;
    const weekBookings = rooms.reduce((n, r) => n + r.bookings.length, 0);
    if (rooms.length < ROOMS || weekBookings < bookings)
      throw new Error(`room week too thin: ${rooms.length} rooms, ${weekBookings} bookings`);
    const freeBusyUrl = `${server.baseUrl}/api/meeting/rooms/free-busy?date=${week}&days=7`;
    const freeBusyText = await (await fetch(freeBusyUrl, { headers: { uid } })).text();
    const freeBusy = (JSON.parse(freeBusyText) as { data: RoomsFreeBusy }).data;
    // the bench's bookings never touch, so each is its own busy period; every room has free time around them
    const busyPeriods = freeBusy.rooms.reduce((n, r) => n + r.busy.length, 0);
    const freePeriods = freeBusy.rooms.reduce((n, r) => n + r.free.length, 0);
    if (freeBusy.rooms.length < ROOMS || busyPeriods < bookings || freePeriods < ROOMS * 7)
      throw new Error(
        `free/busy week too thin: ${freeBusy.rooms.length} rooms, ${busyPeriods} busy, ${freePeriods} free`,
      );
    const roomsText = await (await fetch(roomsUrl, { headers: { uid } })).text();

    const monthFigure = await measure(monthUrl, uid);
    const freeBusyFigure = await measure(freeBusyUrl, uid);
    const roomsFigure = await measure(roomsUrl, uid);
    const kb = (text: string) => (Buffer.byteLength(text) / 1024).toFixed(0);
    const rows = [
      {
        what: `月视图（${YEARS} 年 ${events} 条日程，其中 ${SERIES} 个重复系列；该月 ${month.length} 个日程，${recurring} 个来自重复系列）`,
        f: monthFigure,
      },
      {
        what: `会议室一周空闲 free-busy（${freeBusy.rooms.length} 间会议室，本周 ${busyPeriods} 段占用、${freePeriods} 段空闲，${kb(freeBusyText)} KB）`,
        f: freeBusyFigure,
      },
      {
        what: `参考：逐条预订的一周（/api/meeting/rooms?days=7，本周 ${weekBookings} 个预订，${kb(roomsText)} KB；无目标）`,
        f: roomsFigure,
        reference: true,
      },
    ];
    const data = {
      date: new Date().toISOString(),
      loadAverage: os.loadavg()[0],
      targetMs: TARGET_MS,
      runs: RUNS,
      requestsPerRun: REQUESTS,
      events,
      series: SERIES,
      monthOccurrences: month.length,
      rooms: freeBusy.rooms.length,
      weekBookings,
      busyPeriods,
      freePeriods,
      freeBusyBytes: Buffer.byteLength(freeBusyText),
      bookingRowsBytes: Buffer.byteLength(roomsText),
      month: monthFigure,
      roomWeek: freeBusyFigure,
      roomWeekBookingRows: roomsFigure,
    };
    fs.writeFileSync(path.join(benchDir, 'meeting-schedule.json'), `${JSON.stringify(data, null, 2)}\n`);
    return [
      `PostgreSQL, one request at a time, ${RUNS} runs × ${REQUESTS} requests after a warm-up; medians of the runs, the floor is the best run's p99. Target p99 ≤ ${TARGET_MS} ms. Raw figures: bench/meeting-schedule.json.`,
      '',
      `Machine load average when measuring: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (a shared machine; figures far above the target at a high load say little about the code).`,
      '',
      '| 场景 | p50 ms | p99 ms | floor p99 ms | Node CPU ms/请求 | target |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        ({ what, f, reference }) =>
          `| ${what} | ${fmt(f.p50)} | ${fmt(f.p99)} | ${fmt(f.floor)} | ${fmt(f.cpuMs)} | ${reference ? '—' : f.p99 <= TARGET_MS ? 'met' : `**missed** (floor ${fmt(f.floor)} ms)`} |`,
      ),
    ];
  } finally {
    await server.close();
  }
}

/** Standalone: measure, then replace (or add) this section of bench/results.md. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runMeetingScheduleBench().then(
    (lines) => {
      const file = path.join(benchDir, 'results.md');
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
      const section = `## ${TITLE}\n\n${lines.join('\n')}\n`;
      const pattern = new RegExp(`## ${TITLE}\\n[\\s\\S]*?(?=\\n## |$)`);
      fs.writeFileSync(
        file,
        pattern.test(text) ? text.replace(pattern, section.trimEnd() + '\n') : `${text.trimEnd()}\n\n${section}`,
      );
      console.log(lines.join('\n'));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

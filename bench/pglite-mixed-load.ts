import autocannon from 'autocannon';
import { loginAs, startTestServer } from '../tests/factories/test-server';
import { seedInbox } from './lib/seed-bench-data';

// Mixed load on the embedded database: the three calls a phone makes most, hit at the same time, so each one's
// tail shows what queueing behind the others costs. Usage: npx tsx bench/pglite-mixed-load.ts
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const targets = [
  { name: '待办 list', path: '/api/flow/task/todo?pageNum=1&pageSize=10' },
  { name: 'badges', path: '/api/message/badges' },
  { name: 'people search 张', path: `/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent('张')}` },
];

async function main(): Promise<void> {
  const server = await startTestServer({ driver: 'pglite' });
  try {
    await seedInbox(server.database.db, 'zhangsan', 2_000);
    const uid = await loginAs(server.baseUrl, 'zhangsan', '123456');
    for (const t of targets) {
      const probe = await fetch(`${server.baseUrl}${t.path}`, { headers: { uid } });
      if (probe.status !== 200) throw new Error(`${t.name}: HTTP ${probe.status}`);
      await probe.arrayBuffer();
    }
    // the connections are split over the three calls and run together: 50 phones, not 3 sequential runs
    const share = (i: number) => Math.max(1, Math.floor((CONNECTIONS + i) / targets.length));
    const results = await Promise.all(
      targets.map((t, i) => autocannon({ url: `${server.baseUrl}${t.path}`, connections: share(i), duration: DURATION, headers: { uid } })),
    );
    console.log(`PGlite, ${CONNECTIONS} connections split over ${targets.length} calls, ${DURATION} s`);
    console.log('call\treq/s\tp50 ms\tp99 ms\tmax ms\t2xx\tnon-2xx\terrors');
    results.forEach((r, i) => {
      const l = r.latency;
      console.log([`${targets[i]!.name} (${share(i)})`, r.requests.average.toFixed(0), l.p50, l.p99, l.max, (r as unknown as Record<string, number>)['2xx'], r.non2xx, r.errors + r.timeouts].join('\t'));
    });
  } finally {
    await server.close();
  }
}

await main();

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { pgliteTemplate } from '../tests/factories/pglite-template';
import { loginAs } from '../tests/factories/test-server';
import { spawnServer } from '../tests/support-bench/spawn-server';
import { seedInbox } from './lib/seed-bench-data';

// Mixed load on the embedded database: the three calls a phone makes most, hit at the same time, so each one's
// tail shows what queueing behind the others costs. The server runs in its own process, as in production, so the
// load generator does not share its event loop. Usage: npx tsx bench/pglite-mixed-load.ts
// (DB_ADMISSION=off measures without the bounded queue in front of the database)
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const targets = [
  { name: '待办 list', path: '/api/flow/task/todo?pageNum=1&pageSize=10' },
  { name: 'badges', path: '/api/message/badges' },
  { name: 'people search 张', path: `/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent('张')}` },
];

/** A PGlite data dir with the demo organisation and 2,000 pending tasks for zhangsan. */
async function seededDataDir(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-bench-'));
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), { loadDataDir: await pgliteTemplate() });
  try {
    await database.migrate();
    await seedInbox(database.db, 'zhangsan', 2_000);
  } finally {
    await database.close();
  }
  return dataDir;
}

async function main(): Promise<void> {
  const dataDir = await seededDataDir();
  const server = await spawnServer({ DATA_DIR: dataDir, DB_ADMISSION: process.env.DB_ADMISSION ?? 'on' });
  try {
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
    console.log(`PGlite, ${CONNECTIONS} connections split over ${targets.length} calls, ${DURATION} s, admission ${process.env.DB_ADMISSION ?? 'on'}`);
    console.log('call\treq/s\tp50 ms\tp99 ms\tmax ms\t2xx\tnon-2xx (503 busy)\terrors');
    results.forEach((r, i) => {
      const l = r.latency;
      console.log([`${targets[i]!.name} (${share(i)})`, r.requests.average.toFixed(0), l.p50, l.p99, l.max, (r as unknown as Record<string, number>)['2xx'], r.non2xx, r.errors + r.timeouts].join('\t'));
    });
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();

import autocannon from 'autocannon';

/**
 * One autocannon figure: latencies in ms, throughput in req/s, errors = socket errors + timeouts + non-2xx, plus one
 * for every run in which no request was answered at all (autocannon reports zeros then, which would read as "fast").
 */
export interface LoadFigure {
  p50: number;
  /** from every answer's own time (autocannon's summary has no p95) */
  p95: number;
  p97_5: number;
  p99: number;
  rps: number;
  errors: number;
}

/** Nearest-rank percentile of latencies in ms, to 0.1 ms. */
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * `runs` autocannon runs of `seconds` each after a 2 s warm-up (1 s left the first run colder than the rest); each
 * figure is the median over the runs (a single run on a shared 2-core machine swings by a third), errors are summed.
 * autocannon stays in this process: in a worker thread it made a third busy thread beside the server and PostgreSQL
 * on 2 cores, and the p99 it measured grew with the scheduling, not with the server.
 */
export async function medianLoad(
  url: string,
  headers: Record<string, string>,
  options: { seconds: number; connections?: number; runs?: number },
): Promise<LoadFigure> {
  const connections = options.connections ?? 10;
  // one lone request first: it waits until whatever the previous measurement left queued (PGlite is serial) is done
  await fetch(url, { headers }).then((r) => r.arrayBuffer());
  await autocannon({ url, connections, duration: 2, headers });
  const runs: LoadFigure[] = [];
  for (let i = 0; i < (options.runs ?? 3); i += 1) {
    const times: number[] = [];
    const instance = autocannon({ url, connections, duration: options.seconds, headers });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
      times.push(responseTime),
    );
    const r = await instance;
    runs.push({
      p50: r.latency.p50,
      p95: percentile(times, 0.95),
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      rps: r.requests.average,
      errors: r.errors + r.timeouts + r.non2xx + (r.requests.total === 0 ? 1 : 0),
    });
  }
  return {
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    p97_5: median(runs.map((r) => r.p97_5)),
    p99: median(runs.map((r) => r.p99)),
    rps: Math.round(median(runs.map((r) => r.rps))),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** Fetches a list once and refuses to measure it when it is empty: a benchmark of no rows measures nothing. */
export async function assertRows(url: string, uid: string, what: string): Promise<number> {
  const res = await fetch(url, { headers: { uid } });
  const body = (await res.json()) as { code?: number; data?: { rows?: unknown[]; total?: number } };
  const rows = body.data?.rows?.length ?? 0;
  if (res.status !== 200 || rows === 0)
    throw new Error(`${what}: expected rows, got HTTP ${res.status}, code ${body.code}, ${rows} rows`);
  return body.data?.total ?? rows;
}

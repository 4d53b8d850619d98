import { describe, expect, it } from 'vitest';
import pg from 'pg';
import type { SelectorNode } from '../../contract/upms';
import { drivers, useServer } from './support/server';
import { pgAdminUrl } from '../factories/test-server';

/** The value of one sample line (`name{labels} value`) of a Prometheus text answer, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
}

describe.each(drivers)('GET /metrics on %s', (driver) => {
  // a mail server that refuses connections keeps e-mail reminders queued (each try fails, the next waits)
  const ctx = useServer(driver, { env: { SMTP_URL: 'smtp://127.0.0.1:1', METRICS_TOKEN: 'scrape-secret-0123456789' } });
  const metrics = (headers: Record<string, string> = {}) => fetch(`${ctx.server.baseUrl}/metrics`, { headers });

  it('answers loopback in Prometheus text: request durations by route pattern, process metrics, delivery queue', async () => {
    const me = await ctx.as('zhangsan');
    const conversation = (await me.post<{ id: string }>('/api/ai/conversations', {})).body.data.id;
    await me.get(`/api/ai/conversations/${conversation}/messages`);
    const res = await metrics();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/ai/conversations/:id/messages',
        method: 'GET',
        status_code: '200',
      }),
    ).toBe(1);
    expect(text).not.toContain(conversation); // the pattern, never the raw URL
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'oa_delivery_queue_depth')).toBe(0);
    if (driver === 'pg') expect(sample(text, 'oa_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('counts reminders waiting to leave the app in the delivery queue depth', async () => {
    const admin = await ctx.as('admin');
    const lisi = (
      await admin.get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent('李四')}`)
    ).body.data[0]!.id;
    const sent = await admin.post('/api/upms/message/send', {
      title: '队列深度',
      content: '邮件发送失败后重试',
      receiverIds: [lisi],
      channels: ['app', 'email'],
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const depth = async () => sample(await (await metrics()).text(), 'oa_delivery_queue_depth');
    await expect.poll(depth, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  });

  it('refuses other callers without the token, judged by the socket and not by X-Forwarded-For', async () => {
    const outside = { remoteAddress: '203.0.113.7' };
    const spoofed = await ctx.server.app.inject({
      method: 'GET',
      url: '/metrics',
      ...outside,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(401);
    expect(spoofed.json().msg).toBe('监控令牌无效');
    const wrong = await ctx.server.app.inject({
      method: 'GET',
      url: '/metrics',
      ...outside,
      headers: { authorization: 'Bearer scrape-secret-0123456788' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await ctx.server.app.inject({
      method: 'GET',
      url: '/metrics',
      ...outside,
      headers: { authorization: 'Bearer scrape-secret-0123456789' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds_bucket');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useServer('pglite');

  it('is for loopback only', async () => {
    const outside = await ctx.server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '198.51.100.2',
      headers: { authorization: 'Bearer anything' },
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('监控数据只对本机开放');
    expect((await fetch(`${ctx.server.baseUrl}/metrics`)).status).toBe(200);
  });
});

describe.each(drivers)('GET /api/health/ready on %s', (driver) => {
  const ctx = useServer(driver);

  it('is ready once migrated, keeps /api/health working, and fails while the server drains', async () => {
    const ready = await fetch(`${ctx.server.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).data.status).toBe('ready');
    expect((await fetch(`${ctx.server.baseUrl}/api/health`)).status).toBe(200);
    ctx.server.app.lifecycle.draining = true;
    const draining = await fetch(`${ctx.server.baseUrl}/api/health/ready`);
    ctx.server.app.lifecycle.draining = false;
    expect([draining.status, (await draining.json()).msg]).toEqual([503, '服务正在停止']);
  });

  it.runIf(driver === 'pg')('fails while a process holds the migration lock', async () => {
    const client = new pg.Client({ connectionString: ctx.server.config.databaseUrl! });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      const migrating = await fetch(`${ctx.server.baseUrl}/api/health/ready`);
      expect([migrating.status, (await migrating.json()).msg]).toEqual([503, '数据库正在迁移，请稍候']);
      await client.query('select pg_advisory_unlock(727274)');
      expect((await fetch(`${ctx.server.baseUrl}/api/health/ready`)).status).toBe(200);
    } finally {
      await client.end();
    }
  });

  it.runIf(driver === 'pg')(
    'stays ready while a process migrates another database of the same PostgreSQL',
    async () => {
      // advisory locks show in pg_locks for every database of the cluster: staging migrating beside production (or a
      // test server starting beside this one) is not this database migrating
      const client = new pg.Client({ connectionString: pgAdminUrl });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        const ready = await fetch(`${ctx.server.baseUrl}/api/health/ready`);
        expect([ready.status, (await ready.json()).data?.status]).toEqual([200, 'ready']);
      } finally {
        await client.query('select pg_advisory_unlock(727274)');
        await client.end();
      }
    },
  );

  it('fails when the database does not have every migration of this build', async () => {
    const db = ctx.server.database.db;
    const { sql } = await import('drizzle-orm');
    await db.execute(
      sql`create table drizzle.kept_migration as select * from drizzle.__drizzle_migrations order by id desc limit 1`,
    );
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    try {
      const behind = await fetch(`${ctx.server.baseUrl}/api/health/ready`);
      expect([behind.status, (await behind.json()).msg]).toEqual([503, '数据库迁移尚未完成']);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations select * from drizzle.kept_migration`);
      await db.execute(sql`drop table drizzle.kept_migration`);
    }
    expect((await fetch(`${ctx.server.baseUrl}/api/health/ready`)).status).toBe(200);
  });
});

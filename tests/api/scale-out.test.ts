import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, encryptPassword, loginAs } from '../factories/test-server';
import { useTwoServers } from './support/two-servers';
import { createSeededPgDatabase, spawnServer, type ServerProcess } from '../support-bench/spawn-server';
import { listenFlowEvents, startLeave } from '../factories/flow-events';

// two server instances on one PostgreSQL: sessions, RSA key, rate limits and idempotency keys are shared state
describe('two servers on one PostgreSQL', () => {
  const servers = useTwoServers();

  it('shares the login key and sessions', async () => {
    const [a, b] = await Promise.all(
      [servers.first.baseUrl, servers.second.baseUrl].map((u) => api(u).get<string>('/api/oauth/publicKey')),
    );
    expect(a!.body.data).toBe(b!.body.data);
    const uid = await loginAs(servers.first.baseUrl, 'zhangsan', '123456');
    expect((await api(servers.second.baseUrl, uid).get('/api/upms/user/current')).status).toBe(200);
    await api(servers.second.baseUrl, uid).post('/api/oauth/logout');
    expect((await api(servers.first.baseUrl, uid).get('/api/upms/user/current')).status).toBe(401);
  });

  it('counts login failures across servers', async () => {
    const key = (await api(servers.first.baseUrl).get<string>('/api/oauth/publicKey')).body.data;
    const attempt = (url: string, password: string) =>
      api(url).post('/api/oauth/login', { username: 'sunli', password: encryptPassword(key, password) });
    for (let i = 0; i < 5; i += 1) await attempt(i % 2 ? servers.first.baseUrl : servers.second.baseUrl, 'wrong');
    expect((await attempt(servers.first.baseUrl, '123456')).status).toBe(429);
    expect((await attempt(servers.second.baseUrl, '123456')).status).toBe(429);
  });

  it('replays an Idempotency-Key sent to the other server', async () => {
    const uid = await loginAs(servers.first.baseUrl, 'lisi', '123456');
    const me = (await api(servers.first.baseUrl, uid).get<{ userVo: { id: string } }>('/api/upms/user/current')).body
      .data.userVo.id;
    const body = { title: '跨实例幂等', receiverIds: [me], channels: ['app'] };
    const key = randomUUID();
    const a = await api(servers.first.baseUrl, uid).post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    const b = await api(servers.second.baseUrl, uid).post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
  });
});

// the same, with two real server processes (`node --import tsx server/main.ts`) on different ports
describe('two server processes on one PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof createSeededPgDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    db = await createSeededPgDatabase('oa_scale');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-scale-'));
    [a, b] = await Promise.all([
      spawnServer({ DATABASE_URL: db.url, DATA_DIR: dataDir }),
      spawnServer({ DATABASE_URL: db.url, DATA_DIR: dataDir }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it('runs as two processes on two ports', () => {
    expect(a.child.pid).not.toBe(b.child.pid);
    expect(a.baseUrl).not.toBe(b.baseUrl);
  });

  it('honours a session created on one process on the other, and a logout on either everywhere', async () => {
    const uid = await loginAs(a.baseUrl, 'wangwu', '123456');
    const me = await api(b.baseUrl, uid).get<{ userVo: { username: string } }>('/api/upms/user/current');
    expect([me.status, me.body.data.userVo.username]).toEqual([200, 'wangwu']);
    expect((await api(b.baseUrl, uid).post('/api/oauth/logout')).status).toBe(200);
    expect((await api(a.baseUrl, uid).get('/api/upms/user/current')).status).toBe(401);
  });

  it('runs a write once when the same Idempotency-Key reaches both processes at the same time', async () => {
    const uid = await loginAs(b.baseUrl, 'zhangsan', '123456');
    const me = (await api(a.baseUrl, uid).get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo
      .id;
    const title = `双实例幂等 ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const body = { title, receiverIds: [me], channels: ['app'] };
    const answers = await Promise.all(
      [a, b, a, b].map((s) =>
        api(s.baseUrl, uid).post<{ id: string }>('/api/upms/message/send', body, { 'Idempotency-Key': key }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    for (const s of [a, b]) {
      const inbox = await api(s.baseUrl, uid).get<{ total: number }>(
        `/api/message/inbox?keyword=${encodeURIComponent(title)}`,
      );
      expect(inbox.body.data.total).toBe(1);
    }
  });

  it('delivers a new to-do created through one process to a live SSE connection on the other (LISTEN/NOTIFY)', async () => {
    const lisi = await loginAs(b.baseUrl, 'lisi', '123456');
    const zhangsan = await loginAs(a.baseUrl, 'zhangsan', '123456');
    const stream = await listenFlowEvents(b.baseUrl, lisi);
    await expect.poll(() => stream.events.length).toBe(1);
    const before = stream.events[0]!.todo;
    await startLeave(a.baseUrl, zhangsan);
    await expect.poll(() => stream.events.at(-1)?.todo).toBe(before + 1);
    stream.close();
  });
});

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { api, encryptPassword, loginAs, startTestServer, type TestServer } from '../factories/test-server';

// two server instances on one PostgreSQL: sessions, RSA key, rate limits and idempotency keys are shared state
describe('two servers on one PostgreSQL', () => {
  let first: TestServer;
  let second: { app: FastifyInstance; database: Database; baseUrl: string };
  beforeAll(async () => {
    first = await startTestServer({ driver: 'pg' });
    const database = await openDatabase(first.config);
    const app = await buildApp({ config: first.config, database, logger: false });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    second = { app, database, baseUrl };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await first?.close();
  });

  it('shares the login key and sessions', async () => {
    const [a, b] = await Promise.all([first.baseUrl, second.baseUrl].map((u) => api(u).get<string>('/api/oauth/publicKey')));
    expect(a!.body.data).toBe(b!.body.data);
    const uid = await loginAs(first.baseUrl, 'zhangsan', '123456');
    expect((await api(second.baseUrl, uid).get('/api/upms/user/current')).status).toBe(200);
    await api(second.baseUrl, uid).post('/api/oauth/logout');
    expect((await api(first.baseUrl, uid).get('/api/upms/user/current')).status).toBe(401);
  });

  it('counts login failures across servers', async () => {
    const key = (await api(first.baseUrl).get<string>('/api/oauth/publicKey')).body.data;
    const attempt = (url: string, password: string) => api(url).post('/api/oauth/login', { username: 'sunli', password: encryptPassword(key, password) });
    for (let i = 0; i < 5; i += 1) await attempt(i % 2 ? first.baseUrl : second.baseUrl, 'wrong');
    expect((await attempt(first.baseUrl, '123456')).status).toBe(429);
    expect((await attempt(second.baseUrl, '123456')).status).toBe(429);
  });

  it('replays an Idempotency-Key sent to the other server', async () => {
    const uid = await loginAs(first.baseUrl, 'lisi', '123456');
    const me = (await api(first.baseUrl, uid).get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo.id;
    const body = { title: '跨实例幂等', receiverIds: [me], channels: ['app'] };
    const key = randomUUID();
    const a = await api(first.baseUrl, uid).post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    const b = await api(second.baseUrl, uid).post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
  });
});

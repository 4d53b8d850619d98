import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer, type TestServer } from '../factories/test-server';
import { useTwoServers } from './support/two-servers';
import { listenFlowEvents as listen, startLeave } from '../factories/flow-events';
import { listenLive } from '../factories/live-stream';
import { api } from '../factories/api-client';
import { demoId } from '../../server/db/seed/demo-ids';
import type { LiveEvent, MailLiveEvent } from '../../contract/live-events';

describe('live flow events (server-sent events)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
  });
  afterAll(() => server?.close());

  it('refuses a caller without a session', async () => {
    expect((await fetch(`${server.baseUrl}/api/events`)).status).toBe(401);
  });

  it('carries every module’s events on one connection: a snapshot of each, then a mail as it arrives', async () => {
    const wangwu = await loginAs(server.baseUrl, 'wangwu', '123456');
    const stream = await listenLive<LiveEvent>(server.baseUrl, wangwu, '*');
    await expect
      .poll(() => stream.events.map((e) => e.module).sort())
      .toEqual(['flow', 'mail', 'meeting', 'news', 'schedule']);
    expect(stream.events.every((e) => e.kind === 'snapshot' && e.origin === null)).toBe(true);
    const before = stream.events.find((e) => e.module === 'mail') as MailLiveEvent;

    const lisi = await loginAs(server.baseUrl, 'lisi', '123456');
    const sent = await api(server.baseUrl, lisi).post<{ id: string }>(
      '/api/mail/messages',
      { to: [demoId('user:wangwu')], subject: '一条连接', bodyHtml: '<p>正文</p>', send: true },
      { 'Idempotency-Key': 'one-stream-mail' },
    );
    expect(sent.status, sent.body.msg).toBe(200);
    await expect
      .poll(() => stream.events.find((e) => e.kind === 'changed'))
      .toMatchObject({ module: 'mail', messageId: sent.body.data.id, origin: 'one-stream-mail' });
    expect((stream.events.find((e) => e.kind === 'changed') as MailLiveEvent).unread).toBe(before.unread + 1);
    stream.close();
  });

  it('pushes the approver’s new counts when a to-do arrives', async () => {
    const lisi = await loginAs(server.baseUrl, 'lisi', '123456');
    const zhangsan = await loginAs(server.baseUrl, 'zhangsan', '123456');
    const stream = await listen(server.baseUrl, lisi);
    await expect.poll(() => stream.events.length).toBe(1);
    const before = stream.events[0]!.todo;
    await startLeave(server.baseUrl, zhangsan);
    await expect.poll(() => stream.events.at(-1)?.todo).toBe(before + 1);
    stream.close();
  });
});

describe('live flow events across two servers on one PostgreSQL (LISTEN/NOTIFY)', () => {
  const servers = useTwoServers();

  it('a to-do created through one server reaches a live connection on the other', async () => {
    const lisi = await loginAs(servers.second.baseUrl, 'lisi', '123456');
    const zhangsan = await loginAs(servers.first.baseUrl, 'zhangsan', '123456');
    const stream = await listen(servers.second.baseUrl, lisi);
    await expect.poll(() => stream.events.length).toBe(1);
    const before = stream.events[0]!.todo;
    await startLeave(servers.first.baseUrl, zhangsan);
    await expect.poll(() => stream.events.at(-1)?.todo).toBe(before + 1);
    stream.close();
  });
});

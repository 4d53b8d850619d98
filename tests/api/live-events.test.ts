import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer, type TestServer } from '../factories/test-server';
import { useTwoServers } from './support/two-servers';
import { listenFlowEvents as listen, startLeave } from '../factories/flow-events';

describe('live flow events (server-sent events)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
  });
  afterAll(() => server?.close());

  it('refuses a caller without a session', async () => {
    expect((await fetch(`${server.baseUrl}/api/flow/events`)).status).toBe(401);
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

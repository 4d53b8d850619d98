import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../factories/test-server';
import { createSeededDataDir, spawnServer } from '../support-bench/spawn-server';

describe('request log of a real server process', () => {
  it('never writes a session token or ticket from a link query string into the log', async () => {
    const dataDir = await createSeededDataDir();
    const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const uid = await loginAs(server.baseUrl, 'zhaoliu', '123456');
      const sse = new AbortController();
      const stream = await fetch(`${server.baseUrl}/api/events?uid=${encodeURIComponent(uid)}`, { signal: sse.signal });
      expect(stream.status).toBe(200);
      sse.abort();
      await (
        await fetch(`${server.baseUrl}/api/form/common/api/preview?fileName=x.png&uid=${uid}&ticket=t-${uid}`)
      ).body?.cancel();
      // the process writes its log lines after it answered: wait for both requests' lines, then read them all
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('/api/form/common/api/preview?');
      const log = server.output();
      expect(log).toContain('/api/events?uid=');
      expect(log).not.toContain(uid);
    } finally {
      await server.kill9();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

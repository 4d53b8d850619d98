import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { messageModule } from '../../server/modules/message/module';
import { scheduleModule } from '../../server/modules/schedule/module';
import { pgliteTemplate } from '../factories/pglite-template';

/** Builds the real app on a fresh database and asks it to get ready (load every module's routes). */
async function readyApp(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-manifests-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-client'),
    LOG_LEVEL: 'silent',
    DB_ADMISSION: 'off',
  });
  const database = await openDatabase(config, { loadDataDir: await pgliteTemplate() });
  try {
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
    } finally {
      await app.close().catch(() => undefined);
    }
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// the manifests are the one list of what a module provides: the server refuses to start when a module's routes and
// its manifest disagree, rather than streaming events or answering badges nobody declared
describe('module manifests are what the server runs', () => {
  const saved = { live: scheduleModule.liveEvents, badges: messageModule.badges };
  afterEach(() => {
    scheduleModule.liveEvents = saved.live;
    messageModule.badges = saved.badges;
  });

  it('starts with the manifests as they are', async () => {
    await expect(readyApp()).resolves.toBeUndefined();
  });

  it('refuses live events a module streams without declaring them', async () => {
    scheduleModule.liveEvents = undefined;
    await expect(readyApp()).rejects.toThrow('live events "schedule" are not declared in any module manifest');
  });

  it('refuses to start when a badge of the contract has no counter in any manifest', async () => {
    messageModule.badges = undefined;
    await expect(readyApp()).rejects.toThrow('no module manifest registers a counter for the badges message');
  });
});

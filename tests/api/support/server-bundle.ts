import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a folder holding main.mjs (server/main.ts) and org-import.mjs (scripts/org-import.ts), bundled for this run */
    serverBundle: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Global setup of the api project: the server and the org-import CLI bundled once, for the tests that start them as
 * real processes (kill -9, two servers, shutdown, the CLI). Under `node --import tsx` every start resolved and loaded
 * each source file through tsx's loader again: about 3 CPU-seconds more per start than the bundle, over forty starts a
 * run. The build is production's (scripts/build-server.mjs, what `npm start` runs), here with the source map inline.
 */
export default async function setup(project: TestProject) {
  const cache = path.join(root, 'node_modules/.cache');
  await fs.mkdir(cache, { recursive: true });
  const outdir = await fs.mkdtemp(path.join(cache, 'oa-server-bundle-'));
  await buildServer(outdir, { sourcemap: 'inline', linkMigrations: true });
  project.provide('serverBundle', outdir);
  return async () => {
    await fs.rm(outdir, { recursive: true, force: true });
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

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
 * run. esbuild is the compiler tsx itself uses; packages stay external, so the process loads the same node_modules.
 */
export default async function setup(project: TestProject) {
  const cache = path.join(root, 'node_modules/.cache');
  await fs.mkdir(cache, { recursive: true });
  const outdir = await fs.mkdtemp(path.join(cache, 'oa-server-bundle-'));
  await build({
    entryPoints: { main: 'server/main.ts', 'org-import': 'scripts/org-import.ts' },
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  // server/db/client.ts finds its migrations beside itself (import.meta.url): beside the bundle here
  await fs.symlink(path.join(root, 'server/db/migrations'), path.join(outdir, 'migrations'));
  project.provide('serverBundle', outdir);
  return async () => {
    await fs.rm(outdir, { recursive: true, force: true });
  };
}

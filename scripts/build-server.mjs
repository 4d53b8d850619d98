#!/usr/bin/env node
// Bundles the server (server/main.ts) and the org-import CLI (scripts/org-import.ts) into plain JavaScript, so
// production runs `node dist-server/main.mjs` instead of compiling TypeScript through tsx on every start. The api tests
// build the same bundle once per run (tests/api/support/server-bundle.ts) and start it as real processes.
// Packages stay external: the process loads the same node_modules, and the bundle holds only our own code.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Writes main.mjs and org-import.mjs into `outdir`, with the migrations beside them (server/db/client.ts finds them
 * beside itself through import.meta.url). `linkMigrations` symlinks instead of copying: a throwaway test bundle.
 */
export async function buildServer(outdir, { sourcemap = 'linked', linkMigrations = false } = {}) {
  await fs.mkdir(outdir, { recursive: true });
  await build({
    entryPoints: { main: 'server/main.ts', 'org-import': 'scripts/org-import.ts' },
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap,
    logLevel: 'warning',
    // a file imported only for its side effect is dropped under package.json's sideEffects: fail rather than ship without it
    logOverride: { 'ignored-bare-import': 'error' },
  });
  const migrations = path.join(outdir, 'migrations');
  await fs.rm(migrations, { recursive: true, force: true });
  const source = path.join(root, 'server/db/migrations');
  if (linkMigrations) await fs.symlink(source, migrations);
  else await fs.cp(source, migrations, { recursive: true });
  return outdir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = path.resolve(root, process.argv[2] ?? 'dist-server');
  await buildServer(outdir);
  console.log(`server bundle: ${path.relative(root, outdir)}/main.mjs (Node ${process.version})`);
}

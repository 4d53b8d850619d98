#!/usr/bin/env node
// Runs what `npm test` does before the tests (lint, format, the five type-checks, the client build the browser tests
// load) side by side, one per core. All but the build are single-threaded Node processes: one after the other they
// left a core idle for about 150 s.
// Plain JavaScript, so starting it costs no TypeScript loader. Output is kept per check and printed whole when the
// check ends, so two checks never interleave their lines; the exit code is non-zero if any check failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// npm puts node_modules/.bin first on PATH, where the `node` package installs Node 24: a run on another Node means the
// install is broken (or the checks were started by hand with the machine's own Node), and the tests would lie.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `checks: Node ${process.version} runs this; the project needs 24 (npm install brings it: npm run checks)`,
  );
  process.exit(1);
}
console.log(`checks: Node ${process.version} (${process.execPath})`);

// TypeScript 7 (the native compiler) checks types; `typescript` 5.9 stays only as the library typescript-eslint's parser
// needs (its peer range ends before 6.1). Both install a `tsc` bin, so the path says which one runs.
const tsc = (project) => ({
  name: `tsc -p ${project}`,
  command: `node node_modules/typescript7/bin/tsc --noEmit -p ${project}`,
});

// longest first, so the shortest ones fill the gaps at the end
const all = [
  { name: 'eslint', command: 'npm run -s lint' },
  { name: 'build', command: 'npm run -s build' },
  { name: 'prettier', command: 'npm run -s format:check' },
  tsc('tsconfig.json'),
  tsc('tsconfig.server.json'),
  tsc('tsconfig.src.json'),
  tsc('tsconfig.contract.json'),
  tsc('sw/tsconfig.json'),
];
// `--only tsc` runs the checks whose name starts with it (npm run typecheck)
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
const checks = all.filter((check) => check.name.startsWith(only));

function run({ name, command }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)\n${code === 0 ? '' : output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const results = [];
const lanes = Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
  while (queue.length) results.push(await run(queue.shift()));
});
await Promise.all(lanes);
if (results.some((ok) => !ok)) process.exit(1);

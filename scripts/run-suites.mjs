#!/usr/bin/env node
// Runs the three vitest projects of `npm test` as two processes side by side: the browser journeys (one file at a
// time) and, at lower CPU priority, the unit and API tests (one file per core). A journey waits on Chromium, the
// server and PostgreSQL and kept about a third of two cores busy; after the API tests it ran on a machine that was
// mostly idle. Niced, the unit and API tests take what the journeys leave, and the journeys run at nearly the
// speed they have alone, so their timings (written for a busy machine) stay what they were.
// Each line is prefixed with its process's name; the exit code is non-zero if either process failed.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const vitest = 'node_modules/.bin/vitest';
const suites = [
  { name: 'e2e', command: [vitest, 'run', '--project', 'e2e', ...process.argv.slice(2)] },
  {
    name: 'unit+api',
    // nice(1) is on every Linux and macOS; the priority only orders who waits when both want a core
    command: ['nice', '-n', '10', vitest, 'run', '--project', 'unit', '--project', 'api', ...process.argv.slice(2)],
  },
];

function run({ name, command }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(suites.map(run));
if (results.some((ok) => !ok)) process.exit(1);

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../../tests/e2e/support/browser';
import { freePort } from '../../tests/support-bench/spawn-server';

/** Debian's Chromium with a remote-debugging port (what Lighthouse drives) on a fresh profile; close() kills it. */
export async function launchDebugChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const port = await freePort();
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-bench-chrome-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('Chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    async close() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      // Chromium's helper processes can still be writing into the profile for a moment after the kill
      await fs.rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

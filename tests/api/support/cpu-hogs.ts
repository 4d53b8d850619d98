import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Busy-loop child processes beside a test, so it runs on a machine as loaded as a CI runner under parallel suites.
 * Each hog stops by itself after `maxMs` (a crashed test leaves nothing spinning); stop() kills them at once.
 */
export async function startCpuHogs(
  count = availableParallelism() + 1,
  maxMs = 180_000,
): Promise<{ stop(): Promise<void>; pids: number[] }> {
  const hogs: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    hogs.push(
      spawn(
        process.execPath,
        ['-e', `const end = Date.now() + ${maxMs}; let x = 0; while (Date.now() < end) x = (x * 31 + 7) % 1000003;`],
        { stdio: 'ignore' },
      ),
    );
  }
  await Promise.all(
    hogs.map((hog) => new Promise<void>((resolve, reject) => hog.once('spawn', resolve).once('error', reject))),
  );
  return {
    pids: hogs.map((hog) => hog.pid!),
    async stop() {
      await Promise.all(
        hogs.map(
          (hog) =>
            new Promise<void>((resolve) => {
              if (hog.exitCode !== null || hog.signalCode !== null) return resolve();
              hog.once('exit', () => resolve());
              hog.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

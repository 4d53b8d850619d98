import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import LongestFirst from './tests/longest-first.ts';

const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
};

// Vitest's default is one worker fewer than the cores: ONE worker on a two-core CI runner. A test file also waits
// on what runs beside its worker (PostgreSQL, server processes, LibreOffice) and on the clock (escalation deadlines,
// held conversions): the longest API files, which start first, mostly wait, and with one worker more than cores the
// first minute and a half of the run left half the CPU idle. Three more than cores: the unit and API projects took
// 204 s and 208 s against 224 s and 222 s with two more, in alternating runs on two cores (VITEST_WORKERS overrides
// it).
const workers = Number(process.env.VITEST_WORKERS) || Math.max(2, availableParallelism()) + 3;

const unit = {
  include: ['tests/unit/**/*.test.{ts,tsx}'],
  environment: 'happy-dom',
  setupFiles: ['fake-indexeddb/auto', './tests/unit/setup.ts'],
  // a component test renders, clicks and waits several times: 5 s was too short on a loaded machine
  testTimeout: 15_000,
};

/**
 * The unit files that replace a module (vi.mock, vi.doMock) or ask for another environment than happy-dom (a
 * `@vitest-environment` comment): found by reading them, so none is listed by hand. They run isolated.
 */
const unitDir = fileURLToPath(new URL('./tests/unit/', import.meta.url));
const isolatedUnitFiles = readdirSync(unitDir, { recursive: true, encoding: 'utf8' })
  .filter(
    (file) =>
      /\.test\.tsx?$/.test(file) && /\bvi\.(do)?mock\(|@vitest-environment/i.test(readFileSync(unitDir + file, 'utf8')),
  )
  .map((file) => `tests/unit/${file}`);

const api = {
  // the server and the org-import CLI bundled once for the tests that run them as processes
  globalSetup: ['./tests/api/support/server-bundle.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // Every file imports the whole server (Fastify, drizzle, zod, every module): re-importing it per file was a third of
  // the project's CPU. A worker keeps its modules between files; what a file starts (servers, databases, child
  // processes, env settings) it stops in its afterAll, and the server's per-process state is keyed by app or database
  // (WeakMaps), so files still share nothing they could see.
  isolate: false,
};

/**
 * The API files that time a kill -9, a lease, a race or a query plan and load the machine themselves: beside the
 * other files (and on a busy machine) their deadlines were met by luck. They run in the project 'heavy', after
 * everything else and one at a time. A file that starts server processes or CPU hogs is found by reading it; the
 * others (N requests in parallel, 40,000 to 100,000 rows filled) are named here, and a name that no longer exists
 * fails the run instead of quietly moving the file back among the others.
 */
const apiDir = fileURLToPath(new URL('./tests/api/', import.meta.url));
const namedHeavyApiFiles = [
  'flow-concurrency.test.ts', // two handlers act at the same moment, over and over
  'flow-todo-plan.test.ts', // 100,000 flows filled, then query plans
  'fuzz.test.ts', // every route × 45 malformed requests, 12 in flight
  'mail-plan.test.ts', // 40,000 mails filled, then query plans
  'meeting-bookings.test.ts', // 50 bookings of one room's slot at once, on both databases
  'org-import.test.ts', // runs the import CLI as processes
  'live-burst.test.ts', // 1,000 live streams opened at once on PGlite
  'pglite-named.test.ts', // 100,000 flows filled on PGlite
];
for (const file of namedHeavyApiFiles) {
  if (!existsSync(apiDir + file)) throw new Error(`vitest.config.ts names tests/api/${file}, which does not exist`);
}
const heavyApiFiles = readdirSync(apiDir, { encoding: 'utf8' })
  .filter(
    (file) =>
      /\.test\.ts$/.test(file) &&
      (namedHeavyApiFiles.includes(file) || /\b(spawnServer|startCpuHogs)\(/.test(readFileSync(apiDir + file, 'utf8'))),
  )
  .map((file) => `tests/api/${file}`);

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          ...unit,
          name: 'unit',
          exclude: isolatedUnitFiles,
          // happy-dom's window and the imports of React and antd-mobile, made afresh for each file, were two thirds of
          // the project's CPU; a worker now keeps them between files. tests/unit/setup.ts starts each file on fresh
          // app modules, storage and globals, and a file that replaces modules runs isolated (below).
          isolate: false,
          // packages that keep state the app sets (TanStack Query's online and focus managers, idb-keyval's store,
          // DOMPurify's hooks) are evaluated with the app's modules, so each file gets them afresh as well
          server: { deps: { inline: [/@tanstack\/(react-)?query/, /idb-keyval/, /dompurify/] } },
        },
      },
      {
        resolve: { alias },
        // vi.mock replaces a module for its own file only when the file has a module registry of its own; another
        // environment is made for its own file
        test: { ...unit, name: 'unit-isolated', include: isolatedUnitFiles },
      },
      {
        resolve: { alias },
        test: { ...api, name: 'api', include: ['tests/api/**/*.test.ts'], exclude: heavyApiFiles },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/e2e/support/global-browser.ts'],
          environment: 'node',
          // a journey that installs the service worker waits up to 2 min for it (tests/e2e/support/offline.ts)
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // After unit and api, several files side by side, each with its own server, in the one shared Chromium. The
          // stalls that once kept this to one file were races in the tests and the app's double navigation to the
          // login document (src/routes/__root.tsx), not the sharing.
          sequence: { groupOrder: 1 },
          // One file more than cores (E2E_WORKERS overrides it). With one per core the CPU was idle a quarter of the
          // time, each file waiting on its polls, its server and the app's own timers: on two cores three files took
          // the project 321 s (584 CPU-s) where two took 370 s (570 CPU-s).
          maxWorkers: Number(process.env.E2E_WORKERS) || Math.max(2, availableParallelism()) + 1,
          // a worker imports the server and Playwright once and runs its files one after the other
          isolate: false,
          // a page's title or a row's focus settles after the render that follows a navigation: on a busy 2-core
          // machine that took longer than the 1 s default (shell.test's 我的 title, CI under load)
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve: { alias },
        test: {
          ...api,
          name: 'heavy',
          include: heavyApiFiles,
          // last, after the browser files, and one file at a time: nothing else of the run competes with them
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});

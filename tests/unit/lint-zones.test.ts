import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md as eslint.config.js enforces them: each snippet is linted as if it were a
// file at that path (the folder is real, the file need not exist), and the imports it names are real modules.
const root = join(__dirname, '../..');
// a lint follows each import through the files it reaches (the cycle rule): slow on a busy machine
const slow = 60_000;
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export {};\n', { filePath: 'src/lib/zone-probe.ts' });
}, slow);

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const zone = expect.stringMatching(/^import-x\/no-restricted-paths: Unexpected path/);

// [file, import statement]: each one must be refused, whichever way the path is written
const refused: [string, string][] = [
  ['src/lib/zone-probe.ts', "import { post } from '@/api/http';"],
  ['src/lib/zone-probe.ts', "import type { UserStore } from '@/session/user-store';"],
  ['src/api/zone-probe.ts', "import { userStore } from '../session/user-store';"],
  ['src/api/zone-probe.ts', "import { useIsOffline } from '@/offline/online-status';"],
  ['src/ui/zone-probe.ts', "export const load = () => import('@/features/follow/module');"],
  ['src/platform/zone-probe.ts', "import { post } from '@/api/http';"],
  ['src/session/zone-probe.ts', "import { useIsOffline } from '@/offline/online-status';"],
  ['src/offline/zone-probe.ts', "import { EmptyState } from '@/components/empty-state';"],
  ['src/components/zone-probe.ts', "export const load = () => import('../routes/login');"],
  ['src/features/mail/zone-probe.ts', "import { followModule } from '@/features/follow/module';"],
  ['src/features/mail/zone-probe.ts', "import { padModule } from '../pad/module';"],
  ['src/features/mail/zone-probe.ts', "import { back } from '@/app/back';"],
  ['src/app/zone-probe.ts', "import { mailModule } from '@/features/mail/module';"],
  ['src/features/mail/zone-probe.ts', "import { modules } from '@/modules';"],
  ['src/routes/zone-probe.ts', "import { router } from '@/router';"],
  ['contract/zone-probe.ts', "import { formatDate } from '../src/lib/format';"],
  ['contract/zone-probe.ts', "import { AppError } from '../server/lib/app-error';"],
  ['src/lib/zone-probe.ts', "import { AppError } from '../../server/lib/app-error';"],
  ['server/modules/mail/zone-probe.ts', "import { formatDate } from '../../../src/lib/format';"],
  ['server/modules/mail/zone-probe.ts', "import { formatDate } from '@/lib/format';"],
  ['sw/zone-probe.ts', "import { mailModule } from '../src/features/mail/module';"],
  ['server/lib/zone-probe.ts', "import { hashToken } from '../modules/session/service';"],
  ['server/lib/zone-probe.ts', "import type { Db } from '../db/client';"],
  ['server/plugins/zone-probe.ts', "export const load = () => import('../modules/session/service');"],
  ['server/db/zone-probe.ts', "import { hashToken } from '../modules/session/service';"],
  ['server/db/schema/zone-probe.ts', "import { registerAuth } from '../../plugins/auth';"],
];

// imports the rules allow (each next to a refused one above, so a path that failed to resolve would show up there)
const allowed: [string, string][] = [
  [
    'src/features/mail/zone-probe.ts',
    "import { post } from '@/api/http';\nimport type { Page } from '@contract/envelope';",
  ],
  ['src/features/mail/zone-probe.ts', "import { EmptyState } from '@/components/empty-state';"],
  ['src/features/pad/zone-probe.ts', "import { followModule } from '@/features/follow/module';"],
  [
    'src/routes/zone-probe.ts',
    "export const load = () => import('@/features/mail/module');\nimport { back } from '@/app/back';",
  ],
  ['src/session/zone-probe.ts', "import { post } from '@/api/http';"],
  ['src/offline/zone-probe.ts', "import { userStore } from '../session/user-store';"],
  [
    'server/modules/mail/zone-probe.ts',
    "import type { Page } from '@contract/envelope';\nimport { hashToken } from '../session/service';",
  ],
  ['server/plugins/zone-probe.ts', "import type { Db } from '../db/client';"],
  ['server/db/seed/zone-probe.ts', "import { hashToken } from '../../modules/session/service';"],
];

describe('import zones (docs/architecture.md, rules of the house)', () => {
  it.each(refused)(
    '%s may not: %s',
    async (file, statement) => {
      expect(await problems(file, `${statement}\n`)).toContainEqual(zone);
    },
    slow,
  );

  it.each(allowed)(
    '%s may: %s',
    async (file, statement) => {
      expect(await problems(file, `${statement}\n`)).not.toContainEqual(zone);
    },
    slow,
  );
});

describe('import cycles', () => {
  it(
    'refuses an import that leads back to the importing file, a lazy import() too',
    async () => {
      // src/lib/page-title.ts imports src/lib/store.ts
      expect(await problems('src/lib/store.ts', "import './page-title';\n")).toContainEqual(
        expect.stringMatching(/^import-x\/no-cycle/),
      );
      expect(await problems('src/lib/store.ts', "export const load = () => import('./page-title');\n")).toContainEqual(
        expect.stringMatching(/^import-x\/no-cycle/),
      );
    },
    slow,
  );

  it(
    'lets a type-only import close a loop: it is gone at run time',
    async () => {
      expect(await problems('src/lib/store.ts', "import type { PageTitle } from './page-title';\n")).not.toContainEqual(
        expect.stringMatching(/^import-x\/no-cycle/),
      );
    },
    slow,
  );
});

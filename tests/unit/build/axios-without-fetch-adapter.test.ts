import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAxiosLayout } from '../../../scripts/axios-without-fetch-adapter';
import * as stub from '@/api/axios-fetch-adapter-off.js';

const installed = path.resolve('node_modules/axios');

/** A copy of axios's adapters folder (and nothing else), edited by `change`, for the layout check to judge. */
function alteredAxios(change: (dir: string) => void): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'axios-layout-'));
  fs.cpSync(path.join(installed, 'lib/adapters'), path.join(root, 'lib/adapters'), { recursive: true });
  change(path.join(root, 'lib/adapters'));
  return root;
}

describe('the client build without axios fetch adapter', () => {
  it('accepts the installed axios layout', () => {
    expect(() => checkAxiosLayout(installed)).not.toThrow();
  });

  it('fails the build when fetch.js moves or adapters.js stops reading getFetch', () => {
    const moved = alteredAxios((dir) => fs.renameSync(path.join(dir, 'fetch.js'), path.join(dir, 'fetch-adapter.js')));
    expect(() => checkAxiosLayout(moved)).toThrow(/fetch\.js is missing/);
    const renamed = alteredAxios((dir) => {
      const file = path.join(dir, 'adapters.js');
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').replaceAll('fetchAdapter.getFetch', 'fetchAdapter.resolveFetch'),
      );
    });
    expect(() => checkAxiosLayout(renamed)).toThrow(/getFetch/);
  });

  it('stands in with a fetch adapter axios treats as unsupported', () => {
    expect(stub.getFetch()).toBe(false);
    expect(stub.default).toBe(false);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../../../server/db/advisory-locks';

const root = join(__dirname, '../../..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}

// every call that takes or frees an advisory lock, with the text of its first argument
const CALL = /pg_(?:try_)?advisory_\w+\(\s*([^,)]*)/g;

describe('the registry of advisory locks', () => {
  it('gives every lock an id of its own', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(id) && id > 0 && id < 2 ** 31).toBe(true);
  });

  it('is where every advisory lock of the server takes its key', () => {
    const strays: string[] = [];
    let calls = 0;
    for (const file of sourcesUnder(join(root, 'server'))) {
      if (file.endsWith('advisory-locks.ts')) continue;
      const text = readFileSync(file, 'utf8');
      const importsRegistry = /from '(\.\.\/)*(db\/|\.\/)advisory-locks'/.test(text);
      for (const [, key] of text.matchAll(CALL)) {
        calls++;
        // a key is a name (a constant, a registry entry, a bound parameter), never a number or text of its own
        const named = /^(\$\{\s*[\w.]+\s*\}|\$1)$/.test(key!.trim());
        if (!named || !importsRegistry) strays.push(`${relative(root, file)}: ${key}`);
      }
    }
    expect(calls).toBeGreaterThanOrEqual(6);
    expect(strays).toEqual([]);
  });
});

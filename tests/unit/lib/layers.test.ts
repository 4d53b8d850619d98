import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// architecture.md rule 1: imports point one way. Lower layers may not import these higher ones.
const SRC = join(__dirname, '../../../src');
const FORBIDDEN: Record<string, string[]> = {
  lib: ['api', 'session', 'offline', 'components', 'features', 'app', 'routes', 'ui'],
  ui: ['api', 'session', 'offline', 'components', 'features', 'app', 'routes'],
  components: ['features', 'app', 'routes'],
  api: ['session', 'offline', 'features', 'app', 'routes', 'components'],
  session: ['features', 'app', 'routes'],
  features: ['app', 'routes'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

function importedLayers(path: string): { layer: string; feature?: string }[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/from '@\/([a-z-]+)(?:\/([a-z-]+))?/g)].map((m) => ({ layer: m[1]!, feature: m[2] }));
}

describe('layers point one way', () => {
  for (const [layer, banned] of Object.entries(FORBIDDEN)) {
    it(`${layer}/ imports nothing from ${banned.join(', ')}`, () => {
      const offences = files(join(SRC, layer)).flatMap((path) =>
        importedLayers(path)
          .filter((i) => banned.includes(i.layer))
          .map((i) => `${relative(SRC, path)} → ${i.layer}`),
      );
      expect(offences).toEqual([]);
    });
  }

  // The tablet shell puts other features' screens side by side (issue 16: reuse, never copy), as routes do; it is the
  // one composing feature, and no feature may import it.
  const COMPOSES = 'pad';

  it('features do not import each other (the tablet shell composes them, and nothing imports it)', () => {
    const offences = files(join(SRC, 'features')).flatMap((path) => {
      const own = relative(join(SRC, 'features'), path).split('/')[0];
      return importedLayers(path)
        .filter((i) => i.layer === 'features' && i.feature !== own && (own !== COMPOSES || i.feature === COMPOSES))
        .map((i) => `${relative(SRC, path)} → features/${i.feature}`);
    });
    expect(offences).toEqual([]);
  });
});

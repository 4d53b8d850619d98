// ESLint: correctness rules plus the import shape of docs/architecture.md ("Rules of the house"). Formatting is
// Prettier's alone (eslint-config-prettier comes last). No rule needs type information, so a run stays quick.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/*
 * The client's layers, lowest first: a file may import its own layer and the layers before it, never a later one.
 * Relative, alias (`@/…`) and dynamic `import()` paths are resolved before they are compared. Features and the app
 * shell sit side by side: neither imports the other.
 */
const apiLayer = ['src/api'];
const clientLayers = [
  ['src/lib'],
  ['src/ui'],
  ['src/platform'],
  apiLayer,
  ['src/session'],
  ['src/offline'],
  ['src/components'],
  ['src/features', 'src/app'],
  ['src/modules.ts', 'src/sync-ahead-steps.ts'],
  ['src/routes'],
  ['src/routeTree.gen.ts'],
  ['src/router.tsx'],
  ['src/main.tsx'],
];

const layerZones = clientLayers.flatMap((layer, index) => {
  const above = clientLayers.slice(index + 1).flat();
  if (above.length === 0) return [];
  return [{ target: layer, from: above, message: `${layer.join(' and ')} may not import a later layer.` }];
});

// The tablet shell puts other features' screens side by side (issue 16: reuse, never copy), as routes do; it is the
// one composing feature, and no feature imports it (each feature's zone forbids every other feature, pad included).
const composingFeature = 'pad';
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== composingFeature)
  .map((entry) => entry.name);

const zones = [
  ...layerZones,
  { target: 'src/features', from: 'src/app', message: 'Features do not import the app shell.' },
  { target: 'src/app', from: 'src/features', message: 'The app shell does not import features; routes compose them.' },
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what two features share down a layer.',
  })),
  { target: 'contract', from: ['src', 'sw', 'server'], message: 'contract/ is shared and imports neither side.' },
  { target: ['src', 'sw'], from: 'server', message: 'The client never imports the server; share through contract/.' },
  { target: 'server', from: ['src', 'sw'], message: 'The server never imports the client; share through contract/.' },
  { target: 'sw', from: 'src/features', message: 'The service worker only caches and queues.' },
  {
    target: 'server/lib',
    from: ['server/db', 'server/plugins', 'server/modules', 'server/app.ts', 'server/main.ts'],
    message: 'server/lib is pure helpers: no database, plugins or modules.',
  },
  {
    target: 'server/plugins',
    from: ['server/modules', 'server/app.ts', 'server/main.ts'],
    message: 'Plugins never import modules: move the piece down to server/lib or let server/app.ts pass it in.',
  },
  {
    // the seed drives module services on purpose (docs/adding-a-module.md), the rest of the database layer does not
    target: ['server/db/*.ts', 'server/db/schema/**'],
    from: ['server/plugins', 'server/modules', 'server/app.ts', 'server/main.ts'],
    message: 'The database layer imports no plugins or modules.',
  },
];

export default defineConfig(
  {
    // what .gitignore leaves out, and generated files
    ignores: ['dist/', 'dist-server/', 'data/', 'tmp/', 'bench/.tmp/', 'src/routeTree.gen.ts', 'server/db/migrations/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle parses the files an import leads to: it needs the TypeScript parser for them too
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // type-only imports are skipped by the rule: they vanish at build time and cannot order module evaluation
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // the sanitisers and their tests match control characters on purpose, always written as escapes
      'no-control-regex': 'off',
      // `let { left, width } = …` where only some are reassigned stays one statement
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['sw/**'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  { files: ['public/boot.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
  prettier,
);

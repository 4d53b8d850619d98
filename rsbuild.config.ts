import path from 'node:path';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/rspack';
import { axiosWithoutFetchAdapter } from './scripts/axios-without-fetch-adapter';
import { axiosWithoutUnusedParts } from './scripts/axios-unused-parts';

// The login document's script (a cold /login runs it instead of the app) is an entry without an HTML page of its own:
// index.html names its content-hashed files in <meta name="login-script">, which public/boot.js loads on /login.
const loginScriptMeta: RsbuildPlugin = {
  name: 'oa:login-script-meta',
  setup(api) {
    api.modifyHTMLTags((tags, { compilation, environment, assetPrefix }) => {
      if (environment.name !== 'web') return tags;
      const files =
        compilation.entrypoints
          .get('login')
          ?.getFiles()
          .filter((file) => file.endsWith('.js')) ?? [];
      if (files.length === 0) throw new Error('the login entry produced no script');
      const prefix = assetPrefix.endsWith('/') ? assetPrefix : `${assetPrefix}/`;
      for (const file of files)
        tags.headTags.push({ tag: 'meta', attrs: { name: 'login-script', content: prefix + file } });
      return tags;
    });
  },
};

// Two environments: the app itself and the service worker, which must be a single classic worker
// file at the output root so its scope covers the whole site.
export default defineConfig({
  plugins: [
    pluginReact(),
    loginScriptMeta,
    axiosWithoutFetchAdapter(path.resolve(import.meta.dirname, 'src/api/axios-fetch-adapter-off.js')),
    axiosWithoutUnusedParts(),
  ],
  resolve: {
    aliasStrategy: 'prefer-alias',
    alias: {
      '@': './src',
      '@contract': './contract',
      // React 19 has useSyncExternalStore: TanStack Store's import of the shim for React < 18 shipped the fallback too
      'use-sync-external-store/shim/with-selector$': 'use-sync-external-store/with-selector',
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  environments: {
    web: {
      source: {
        entry: { index: './src/main.tsx', login: { import: './src/features/auth/login-document.ts', html: false } },
      },
      html: {
        title: '协同办公系统',
        template: './src/index.html',
        // The entry's scripts are named here and fetched only after the static first paint of index.html
        // (public/boot.js adds them): a deferred script that arrives before the first frame runs before it, and on a
        // slow link the scripts' 110 KB would compete with the stylesheet that the first paint waits for.
        tags: [
          (tags) =>
            tags.map((tag) =>
              tag.tag === 'script' && typeof tag.attrs?.src === 'string'
                ? { ...tag, tag: 'meta', attrs: { name: 'app-script', content: tag.attrs.src } }
                : tag,
            ),
        ],
      },
      // 8 hex digits name a file as surely as the default 10 (the server and the service worker match {8,}): the entry
      // carries the hash of every lazy JS and CSS file, 2 × ~210 digits less in every first load (−0.3 KB gzip)
      output: { target: 'web', distPath: { root: 'dist' }, filenameHash: 'contenthash:8' },
      performance: { chunkSplit: { strategy: 'split-by-experience' } },
      tools: {
        // Safari before 16.3 only needs the narrow fix for a parameter named like its function expression; without
        // `bugfixes` every default parameter was rewritten into an `arguments` check for it
        swc: { env: { bugfixes: true } },
        rspack: {
          plugins: [
            tanstackRouter({
              target: 'react',
              autoCodeSplitting: true,
              // loaders travel with their page: a loader left in the route definition pulls its query options, key
              // factories and what they import into the entry chunk every page loads (entry 24.4 → 23.3 KB gzip)
              codeSplittingOptions: {
                defaultBehavior: [
                  ['loader', 'component'],
                  ['pendingComponent'],
                  ['errorComponent'],
                  ['notFoundComponent'],
                ],
              },
              routesDirectory: './src/routes',
              generatedRouteTree: './src/routeTree.gen.ts',
            }),
          ],
          output: { chunkLoadTimeout: 120_000 },
        },
      },
    },
    sw: {
      source: { entry: { 'service-worker': './sw/service-worker.ts' }, tsconfigPath: './sw/tsconfig.json' },
      output: {
        target: 'web-worker',
        distPath: { root: 'dist', js: '' },
        filename: { js: '[name].js' },
        filenameHash: false,
        minify: true,
        cleanDistPath: false,
      },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
    },
  },
});

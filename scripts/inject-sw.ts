import { injectManifest } from 'workbox-build';

// workbox-webpack-plugin cannot run under rspack, so the precache manifest is injected after the build.
const { count, size, warnings } = await injectManifest({
  swSrc: 'dist/service-worker.js',
  swDest: 'dist/service-worker.js',
  globDirectory: 'dist',
  globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest,woff2}'],
  globIgnores: ['service-worker.js', '**/*.LICENSE.txt'],
  dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\./,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
});
for (const w of warnings) console.warn(w);
console.log(`service worker: precached ${count} files, ${(size / 1024).toFixed(1)} KiB`);

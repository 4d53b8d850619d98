// What bench/search-offline.ts loads into the phone's page: the app's own offline search code (the lazy chunk's
// index and tokenizer, and the cache reader), bundled from src/ as it is, with TanStack Query's client.
export { QueryClient } from '@tanstack/react-query';
export { cachedSources } from '../../src/features/search/offline/cached-records';
export { createOfflineIndex } from '../../src/features/search/offline/offline-index';

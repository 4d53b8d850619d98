import { preferencesKey } from '@/api/preferences';

/** Every 我的 query key (root `my`, persisted for offline reading). */
export const myKeys = {
  all: ['my'] as const,
  preferences: preferencesKey,
};

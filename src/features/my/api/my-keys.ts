/** Every 我的 query key (root `my`, persisted for offline reading). */
export const myKeys = {
  all: ['my'] as const,
  preferences: ['my', 'preferences'] as const,
};

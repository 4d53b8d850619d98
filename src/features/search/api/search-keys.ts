import type { SearchModule } from '@contract/search';

/** 搜索's query keys: one answer per keyword (every module), one paged list per keyword and module. */
export const searchKeys = {
  all: ['search'] as const,
  everywhere: (keyword: string) => [...searchKeys.all, 'everywhere', keyword] as const,
  module: (keyword: string, module: SearchModule) => [...searchKeys.all, 'module', keyword, module] as const,
};

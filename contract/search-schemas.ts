import { z } from 'zod';
import { pageFields } from './pagination-schemas';
import { SEARCH_KEYWORD_MAX, SEARCH_MODULES } from './search';

/** GET /api/search: a keyword (汉字, 拼音 or initials), optionally one module, paged within it. */
export const searchQuery = z.object({
  ...pageFields,
  keyword: z
    .string({ error: '请输入搜索关键字' })
    .trim()
    .min(1, '请输入搜索关键字')
    .max(SEARCH_KEYWORD_MAX, `关键字不能超过${SEARCH_KEYWORD_MAX}字`),
  module: z.enum(SEARCH_MODULES, { error: '搜索范围不正确' }).optional(),
});
export type SearchQueryInput = z.infer<typeof searchQuery>;

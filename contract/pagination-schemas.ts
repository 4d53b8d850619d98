import { z } from 'zod';
import { PAGE_NUM_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './pagination';

/** The paging fields of every list query (contract/pagination.ts); spread into a list's own query schema. */
export const pageFields = {
  pageNum: z.coerce
    .number({ error: '页码必须是数字' })
    .int('页码必须是整数')
    .min(1, '页码从1开始')
    .max(PAGE_NUM_MAX, '页码过大')
    .default(1),
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页至少1条')
    .max(PAGE_SIZE_MAX, `每页最多${PAGE_SIZE_MAX}条`)
    .default(PAGE_SIZE_DEFAULT),
};

/** A list's search keyword, at most `max` characters. */
export const keywordField = (max: number) => z.string().trim().max(max, `关键字不能超过${max}字`).optional();

/** A plain paged list: paging and a keyword. */
export const pageQuery = z.object({ ...pageFields, keyword: keywordField(100) });

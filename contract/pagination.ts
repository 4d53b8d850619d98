/*
 * Paged lists, for client and server alike (zod-free; the query schema is contract/pagination-schemas.ts): query
 * pageNum (from 1) and pageSize (default 10, at most 100), a keyword and the list's own filters; the answer is one
 * page of rows and the total.
 */

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/** far beyond any list; bounds the OFFSET a request can ask the database for */
export const PAGE_NUM_MAX = 100000;

/** Paged list answer. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Paged list query, as a client sends it. */
export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
}

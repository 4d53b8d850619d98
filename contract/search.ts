/*
 * One search over every module (GET /api/search; zod schema in contract/search-schemas.ts). The answer groups hits
 * by module, best first; each hit names what to open. Only what the caller may open is ever returned or counted.
 */

/** The groups of a search, in the order the results page shows them. */
export const SEARCH_MODULES = [
  'flow',
  'mail',
  'news',
  'contacts',
  'schedule',
  'meeting',
  'custom',
  'attachment',
] as const;
export type SearchModule = (typeof SEARCH_MODULES)[number];

export const SEARCH_MODULE_LABELS: Record<SearchModule, string> = {
  flow: '审批',
  mail: '邮件',
  news: '资讯',
  contacts: '通讯录',
  schedule: '日程',
  meeting: '会议',
  custom: '业务建模',
  attachment: '附件',
};

/** Hits per group when searching every module at once (a group's 更多 asks for its module alone, paged). */
export const SEARCH_GROUP_SIZE = 3;
export const SEARCH_KEYWORD_MAX = 50;

/** The record a hit opens: its module and id (a 业务建模 record also names its model; a file names its record). */
export interface SearchTarget {
  module: Exclude<SearchModule, 'attachment'>;
  id: string;
  /** 业务建模: the model's code, which its pages are addressed by */
  modelCode?: string;
}

export interface SearchHit {
  /** unique within the answer (a record and its files share the record's id) */
  key: string;
  module: SearchModule;
  title: string;
  /** a short line: sender, department, the text around the match, the file's record */
  summary: string;
  /** ISO time the hit is dated by (sent, published, starts), null for people */
  at: string | null;
  open: SearchTarget;
}

export interface SearchGroup {
  module: SearchModule;
  label: string;
  /** the visible matches of the module, counted up to a limit: with `capped` there are more than this (show `total+`) */
  total: number;
  rows: SearchHit[];
  /**
   * true when the count stopped before the last match (a common word over a million records): `total` is then a
   * floor, always past the rows returned so far, so a paged list keeps asking for the next page. Absent when exact.
   */
  capped?: boolean;
}

/**
 * The count a page used to show as 1000+. The server now counts a group only twenty matches (or the page and one more) ahead
 * (or exactly, when there are fewer) and says so with `capped`; kept for clients that read it.
 */
export const SEARCH_TOTAL_CAP = 1000;

export interface SearchAnswer {
  keyword: string;
  groups: SearchGroup[];
}

export interface SearchQuery {
  keyword: string;
  module?: SearchModule;
  pageNum?: number;
  pageSize?: number;
}

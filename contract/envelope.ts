/** Every answer of our API: code 200 is success; msg is Chinese and can be shown as it is. */
export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Paged lists: their one home is contract/pagination.ts. */
export type { Page, PageQuery } from './pagination';

/** Codes with a meaning of their own (spec §8). */
export const ApiCode = {
  ok: 200,
  unauthorized: 401,
  serverError: 500,
  forceLogout: 55555,
  /** (HTTP 403) the initial password must be changed first: the client opens 我的 → 修改密码 */
  passwordChangeRequired: 40301,
} as const;

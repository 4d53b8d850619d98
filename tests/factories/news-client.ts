/** Drives the 资讯 module over HTTP as demo users: the helpers tests/api/news*.test.ts share. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { UploadedFile } from '../../contract/files';
import type { NewsCounts, NewsDetail, NewsListRow, NewsReadersPage, NewsWriteResult } from '../../contract/news';
import type { NewsSaveBody } from '../../contract/news-schemas';
import { demoId } from '../../server/db/seed/demo-ids';
import type { ServerContext } from '../api/support/server';

export type NewsPage = { rows: NewsListRow[]; total: number };

/** A seeded channel (headline, notice, dept, culture) and a seeded article by its demo key. */
export const channelId = (key: string) => demoId(`news-channel:${key}`);
export const seededArticle = (key: string) => demoId(`news:${key}`);

export function newsClient(ctx: ServerContext) {
  const as = (user: string) => ctx.as(user);
  const okData = <T>(answer: { status: number; body: { msg: string; data: T } }) => {
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const save = async (user: string, body: Partial<NewsSaveBody> = {}) =>
    (await as(user)).post<NewsWriteResult>('/api/news/articles', {
      channelId: channelId('dept'),
      title: `资讯-${randomUUID().slice(0, 8)}`,
      bodyHtml: '<p>正文</p>',
      ...body,
    });
  return {
    as,
    save,
    /** submits a new article for review; answers its id */
    async submit(user: string, body: Partial<NewsSaveBody> = {}) {
      return okData(await save(user, { ...body, submit: true })).id;
    },
    review: async (user: string, id: string, body: Record<string, unknown>) =>
      (await as(user)).post<NewsWriteResult>(`/api/news/articles/${id}/review`, body),
    detail: async (user: string, id: string) => (await as(user)).get<NewsDetail>(`/api/news/articles/${id}`),
    /** opens a published article (POST …/view) */
    view: async (user: string, id: string) =>
      (await as(user)).post<{ viewCount: number }>(`/api/news/articles/${id}/view`),
    /** 阅读情况: a page of 已读 (read) or 未读 with both counts, as the raw answer (refusals are tested too) */
    readers: async (user: string, id: string, read: boolean, pageSize = 100) =>
      (await as(user)).get<NewsReadersPage>(`/api/news/articles/${id}/readers?read=${read}&pageSize=${pageSize}`),
    /** submits an article as `author` and has `reviewer` approve it; answers its id */
    async publish(author: string, reviewer: string, body: Partial<NewsSaveBody> = {}, opinion = '') {
      const id = okData(await save(author, { ...body, submit: true })).id;
      okData(
        await (
          await as(reviewer)
        ).post<NewsWriteResult>(`/api/news/articles/${id}/review`, { decision: 'approve', opinion }),
      );
      return id;
    },
    page: async (user: string, path: string) => okData(await (await as(user)).get<NewsPage>(path)),
    counts: async (user: string) => okData(await (await as(user)).get<NewsCounts>('/api/news/counts')),
    async upload(user: string, name = '图片.png', bytes: BlobPart = 'x') {
      const data = new FormData();
      data.append('file', new Blob([bytes]), name);
      return okData(await (await as(user)).post<UploadedFile[]>('/api/form/common/file/upload', data))[0]!;
    },
    download: async (user: string, fileName: string) =>
      (
        await fetch(`${ctx.server.baseUrl}/api/form/common/api/downloadFile?fileName=${fileName}`, {
          headers: { uid: await ctx.uidOf(user) },
        })
      ).status,
  };
}

import { useMutation } from '@tanstack/react-query';
import type { NewsWriteResult } from '@contract/news';
import type { NewsReviewBody, NewsSaveBody } from '@contract/news-schemas';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { afterNewsWrite } from './news-keys';

/*
 * The workflow writes of 资讯. Each goes through the offline outbox: offline it waits with its Idempotency-Key and is
 * applied once when the network returns; the user hears 已加入待同步队列 now and the outcome on replay.
 */

const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  label: string,
  articleId: string | undefined,
  body?: unknown,
) =>
  sendOrQueue<NewsWriteResult>({
    method,
    url,
    body,
    label,
    idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
    invalidate: afterNewsWrite(articleId),
  });

/** 保存草稿 / 提交审核: creates the article, or updates the author's draft or rejected article. */
export function useSaveArticle(articleId?: string) {
  return useMutation({
    mutationFn: (body: NewsSaveBody) =>
      articleId
        ? send(
            'PUT',
            `/api/news/articles/${encodeURIComponent(articleId)}`,
            `${body.submit ? '提交' : '保存'}资讯「${body.title}」`,
            articleId,
            body,
          )
        : send('POST', '/api/news/articles', `${body.submit ? '提交' : '保存'}资讯「${body.title}」`, undefined, body),
    onSuccess: (result, body) => showWriteSuccess(result, body.submit ? '已提交审核' : '草稿已保存'),
    onError: showWriteError,
  });
}

export function useDeleteArticle(articleId: string, title: string) {
  return useMutation({
    mutationFn: () =>
      send('DELETE', `/api/news/articles/${encodeURIComponent(articleId)}`, `删除资讯「${title}」`, articleId),
    onSuccess: (result) => showWriteSuccess(result, '已删除'),
    onError: showWriteError,
  });
}

/** 审核: 通过 (publishes, optionally pinned) or 驳回 with an opinion. */
export function useReviewArticle(articleId: string, title: string) {
  return useMutation({
    mutationFn: (body: NewsReviewBody) =>
      send(
        'POST',
        `/api/news/articles/${encodeURIComponent(articleId)}/review`,
        `${body.decision === 'approve' ? '审核通过' : '驳回'}资讯「${title}」`,
        articleId,
        body,
      ),
    onSuccess: (result, body) => showWriteSuccess(result, body.decision === 'approve' ? '审核通过，已发布' : '已驳回'),
    onError: showWriteError,
  });
}

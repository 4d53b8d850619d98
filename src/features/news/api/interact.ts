import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsDetail } from '@contract/news';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { rememberOwnWrite } from '@/api/own-writes';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { newsKeys } from './news-keys';
import { recordView } from './pending-views';

const url = (articleId: string, action: string) => `/api/news/articles/${encodeURIComponent(articleId)}/${action}`;
const key = () => rememberOwnWrite(newIdempotencyKey());

/**
 * Opening a published article marks it read and counts the view. The user did not ask for it, so nothing is shown,
 * and it is no write of theirs to queue: offline it is remembered once per article (./pending-views) and sent when
 * the network returns, never adding to 待同步. The cached detail shows it read at once.
 */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (article: NewsDetail) => recordView(article.id, queryClient),
    onMutate: (article) =>
      queryClient.setQueryData<NewsDetail>(newsKeys.article(article.id), (old) => (old ? { ...old, read: true } : old)),
  });
}

/** 点赞 / 取消点赞; the heart turns at once, the count follows the server. */
export function useLike(article: NewsDetail) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) =>
      sendOrQueue({
        method: 'POST',
        url: url(article.id, 'like'),
        body: { liked },
        label: `${liked ? '点赞' : '取消点赞'}「${article.title}」`,
        idempotencyKey: key(),
        invalidate: [[...newsKeys.article(article.id)]],
      }),
    onMutate: (liked) =>
      queryClient.setQueryData<NewsDetail>(newsKeys.article(article.id), (old) =>
        old ? { ...old, liked, likeCount: Math.max(0, old.likeCount + (liked ? 1 : -1)) } : old,
      ),
    onSuccess: (result, liked) => showWriteSuccess(result, liked ? '已点赞' : '已取消点赞'),
    onError: (error) => {
      showWriteError(error);
      void queryClient.invalidateQueries({ queryKey: newsKeys.article(article.id) });
    },
  });
}

/** 评论, with the people it @mentions (each is reminded in 消息). */
export function useComment(article: NewsDetail) {
  return useMutation({
    mutationFn: (body: { content: string; mentionIds: string[] }) =>
      sendOrQueue({
        method: 'POST',
        url: url(article.id, 'comments'),
        body,
        label: `评论「${article.title}」`,
        idempotencyKey: key(),
        invalidate: [[...newsKeys.comments(article.id)], [...newsKeys.article(article.id)]],
      }),
    onSuccess: (result) => showWriteSuccess(result, '评论成功'),
    onError: showWriteError,
  });
}

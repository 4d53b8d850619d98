import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsDetail } from '@contract/news';
import { messageKeys } from '@/api/message';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { newsKeys } from './news-keys';

const url = (articleId: string, action: string) => `/api/news/articles/${encodeURIComponent(articleId)}/${action}`;
const key = () => rememberOwnWrite(newIdempotencyKey());

/**
 * Opening a published article marks it read and counts the view. The user did not ask for it, so nothing is shown;
 * offline it waits in the outbox. The cached detail and lists show it read at once.
 */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (article: NewsDetail) =>
      sendOrQueue({
        method: 'POST',
        url: url(article.id, 'view'),
        label: `阅读资讯「${article.title}」`,
        idempotencyKey: key(),
        invalidate: [[...newsKeys.counts], [...messageKeys.badges], [...newsKeys.lists]],
      }),
    onMutate: (article) => queryClient.setQueryData<NewsDetail>(newsKeys.article(article.id), (old) => (old ? { ...old, read: true } : old)),
  });
}

/** 点赞 / 取消点赞; the heart turns at once, the count follows the server. */
export function useLike(article: NewsDetail) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) =>
      sendOrQueue({ method: 'POST', url: url(article.id, 'like'), body: { liked }, label: `${liked ? '点赞' : '取消点赞'}「${article.title}」`, idempotencyKey: key(), invalidate: [[...newsKeys.article(article.id)]] }),
    onMutate: (liked) =>
      queryClient.setQueryData<NewsDetail>(newsKeys.article(article.id), (old) => (old ? { ...old, liked, likeCount: Math.max(0, old.likeCount + (liked ? 1 : -1)) } : old)),
    onSuccess: (result, liked) => showWriteSuccess(result, liked ? '已点赞' : '已取消点赞'),
    onError: (error) => {
      showWriteError(error);
      void queryClient.invalidateQueries({ queryKey: newsKeys.article(article.id) });
    },
  });
}

export function useComment(article: NewsDetail) {
  return useMutation({
    mutationFn: (content: string) =>
      sendOrQueue({
        method: 'POST',
        url: url(article.id, 'comments'),
        body: { content },
        label: `评论「${article.title}」`,
        idempotencyKey: key(),
        invalidate: [[...newsKeys.comments(article.id)], [...newsKeys.article(article.id)]],
      }),
    onSuccess: (result) => showWriteSuccess(result, '评论成功'),
    onError: showWriteError,
  });
}

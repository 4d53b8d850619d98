import { useMutation } from '@tanstack/react-query';
import type { NewsRemindResult } from '@contract/news';
import { post } from '@/api/http';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';

/**
 * 提醒未读: one message to each person who has not opened the article yet. Online only, like 催办: a reminder sent
 * hours later from the outbox would remind people who have read it since. Changes no list, so it invalidates nothing.
 * Pressed again within 10 minutes the server refuses (429, 刚刚已提醒过…): the toast shows its words as they are.
 */
export function useRemindUnread(articleId: string) {
  return useMutation({
    mutationFn: () =>
      post<NewsRemindResult>(
        `/api/news/articles/${encodeURIComponent(articleId)}/remind-unread`,
        {},
        { idempotencyKey: newIdempotencyKey(), silent: true },
      ),
    ...writeFeedback<NewsRemindResult>(({ reminded }) => (reminded ? `已提醒${reminded}人` : '所有人都已阅读')),
  });
}

import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { AiConversation } from '@contract/ai';
import type { Page } from '@contract/envelope';
import { post } from '@/api/http';
import { ApiError } from '@/api/api-error';
import { rememberOwnWrite } from '@/api/own-writes';
import { isOnline } from '@/offline/online-status';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { showWriteError, writeFeedback } from '@/ui/write-feedback';
import { aiKeys } from './ai-keys';

/** Said whenever something needs the model or the server to create it while the device is offline. */
export const NEEDS_NETWORK_TEXT = 'AI助手需要联网才能回答，请联网后再试';

const conversationUrl = (id: string) => `/api/ai/conversations/${encodeURIComponent(id)}`;

type ListData = InfiniteData<Page<AiConversation>, number>;

/** Shows a rename or delete in every cached list at once: queued offline, it would otherwise look undone. */
function editCachedLists(queryClient: QueryClient, edit: (rows: AiConversation[]) => AiConversation[]) {
  queryClient.setQueriesData<ListData>({ queryKey: aiKeys.conversations }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, rows: edit(page.rows) })) } : data,
  );
}

/** 新对话: made on the server (its id names the chat), so it needs the network. */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!isOnline()) throw new ApiError('offline', NEEDS_NETWORK_TEXT);
      const idempotencyKey = rememberOwnWrite(newIdempotencyKey());
      const created = await post<AiConversation>('/api/ai/conversations', {}, { idempotencyKey, silent: true });
      queryClient.setQueryData(aiKeys.messages(created.id), []);
      void queryClient.invalidateQueries({ queryKey: aiKeys.conversations });
      return created;
    },
    // success shows itself: the new chat opens
    onError: showWriteError,
  });
}

/** 重命名: waits in the outbox when offline; the lists show the new name at once. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) => {
      const result = await sendOrQueue({
        method: 'PUT',
        url: conversationUrl(id),
        body: { title },
        label: `重命名对话「${title}」`,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        invalidate: [[...aiKeys.conversations]],
      });
      editCachedLists(queryClient, (rows) => rows.map((c) => (c.id === id ? { ...c, title } : c)));
      return result;
    },
    ...writeFeedback('已重命名'),
  });
}

/** 删除: waits in the outbox when offline; the conversation leaves the lists at once. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) => {
      const result = await sendOrQueue({
        method: 'DELETE',
        url: conversationUrl(id),
        label: `删除对话「${title}」`,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        invalidate: [[...aiKeys.conversations]],
      });
      editCachedLists(queryClient, (rows) => rows.filter((c) => c.id !== id));
      queryClient.removeQueries({ queryKey: aiKeys.messages(id) });
      return result;
    },
    ...writeFeedback('已删除'),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { AiMessage } from '@contract/ai';
import { get } from '@/api/http';
import { aiKeys } from './ai-keys';

/** One conversation's questions and answers; kept in the offline cache once opened. */
export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: aiKeys.messages(conversationId),
    queryFn: () => get<AiMessage[]>(`/api/ai/conversations/${encodeURIComponent(conversationId)}/messages`),
    // cached history shows at once (also offline); a fetch always follows
    staleTime: 0,
  });

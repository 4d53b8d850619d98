import type { QueryClient } from '@tanstack/react-query';
import { conversationsQuery } from './get-conversations';
import { messagesQueryOptions } from './get-messages';

// Start the page's first reads before it renders; a failure is left to the page (cached copy, offline state, retry).
const quiet = () => undefined;

export const loadAiPage = (queryClient: QueryClient, conversationId: string | undefined) =>
  Promise.all([
    queryClient.ensureInfiniteQueryData(conversationsQuery('')).then(quiet, quiet),
    conversationId ? queryClient.ensureQueryData(messagesQueryOptions(conversationId)).then(quiet, quiet) : undefined,
  ]).then(quiet);

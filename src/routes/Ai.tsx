import { createFileRoute } from '@tanstack/react-router';
import { optionalUuid } from '@/lib/search-params';
import { AiPage } from '@/features/ai/components/ai-page';
import { loadAiPage } from '@/features/ai/api/loaders';

export const Route = createFileRoute('/Ai')({
  staticData: { title: 'AI助手', index: 1 },
  validateSearch: (search: Record<string, unknown>): { conversationId?: string } => ({ conversationId: optionalUuid(search.conversationId) }),
  loaderDeps: ({ search }) => ({ conversationId: search.conversationId }),
  loader: ({ context, deps }) => loadAiPage(context.queryClient, deps.conversationId),
  component: Ai,
});

function Ai() {
  const { conversationId } = Route.useSearch();
  return <AiPage conversationId={conversationId} />;
}

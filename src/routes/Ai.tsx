import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { optionalUuid } from '@/lib/search-params';
import { AiPage } from '@/features/ai/components/ai-page';
import { AiSplitPage } from '@/features/ai/components/ai-split-page';
import { usesTabletShell } from '@/features/pad/api/tablet';
import { loadAiPage } from '@/features/ai/api/loaders';

export const Route = createFileRoute('/Ai')({
  staticData: { title: 'AI助手', index: 1 },
  validateSearch: (search: Record<string, unknown>): { conversationId?: string } => ({
    conversationId: optionalUuid(search.conversationId),
  }),
  loaderDeps: ({ search }) => ({ conversationId: search.conversationId }),
  loader: ({ context, deps }) => loadAiPage(context.queryClient, deps.conversationId),
  component: Ai,
});

function Ai() {
  const { conversationId } = Route.useSearch();
  const tablet = useRouterState({ select: (s) => usesTabletShell(s.location.pathname) });
  return tablet ? <AiSplitPage conversationId={conversationId} /> : <AiPage conversationId={conversationId} />;
}

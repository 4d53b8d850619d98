import { createFileRoute } from '@tanstack/react-router';
import { optionalPrefill, optionalUuid } from '@/lib/search-params';
import { StartCataloguePage } from '@/features/follow/components/start-catalogue-page';
import { StartFormPage } from '@/features/follow/components/start-form-page';
import { loadDefinition, loadDefinitions } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/followList')({
  staticData: { title: '发起申请', index: 2 },
  validateSearch: (
    search: Record<string, unknown>,
  ): { definitionId?: string; draftId?: string; prefill?: Record<string, unknown> } => ({
    definitionId: optionalUuid(search.definitionId),
    draftId: optionalUuid(search.draftId),
    prefill: optionalPrefill(search.prefill),
  }),
  loaderDeps: ({ search }) => ({ definitionId: search.definitionId }),
  loader: ({ context, deps }) =>
    deps.definitionId ? loadDefinition(context.queryClient, deps.definitionId) : loadDefinitions(context.queryClient),
  component: StartFlow,
});

function StartFlow() {
  const { definitionId, draftId, prefill } = Route.useSearch();
  return definitionId ? (
    <StartFormPage
      key={`${definitionId}-${draftId ?? ''}`}
      definitionId={definitionId}
      draftId={draftId}
      prefill={prefill}
    />
  ) : (
    <StartCataloguePage />
  );
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ChainPreview } from '@contract/flow-chain';
import { post } from '@/api/http';
import { flowKeys } from './flow-keys';

/**
 * The approval chain the start form's values lead to (POST /api/flow/definitions/:id/chain, a read). Asked quietly:
 * it is re-asked as the applicant types, so neither the loading overlay nor an error toast may interrupt them.
 */
export const chainPreviewQueryOptions = (definitionId: string, formData: Record<string, unknown>) =>
  queryOptions({
    // under the flow root but not in flowKeys: that factory is in the entry chunk, this key only on the start form
    queryKey: [...flowKeys.all, 'chain', definitionId, formData] as const,
    queryFn: () =>
      post<ChainPreview>(
        `/api/flow/definitions/${encodeURIComponent(definitionId)}/chain`,
        { formData },
        { noLoading: true, silent: true },
      ),
    // the chain shown for the last values stays until the new one arrives, so it does not flicker while typing
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

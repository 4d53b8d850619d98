import { useSearch } from '@tanstack/react-router';
import type { FlowDetailSearch } from '@/lib/search-params';
import { InstanceDetailPage, type DetailVariant } from './instance-detail-page';

/** The component of a flow detail route: the four routes differ only in the variant they show. */
export function detailRoutePage(variant: DetailVariant) {
  return function FlowDetailRoute() {
    // validated by the route's validateFlowDetailSearch before the component renders
    const { instanceId, readId } = useSearch({ strict: false }) as FlowDetailSearch;
    return <InstanceDetailPage key={instanceId} instanceId={instanceId} readId={readId} variant={variant} />;
  };
}

import type { FlowListKind } from '@contract/flow';
import { useRouterState, useSearch } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { InstanceDetailPage } from '@/features/follow/components/instance-detail-page';
import { usesTabletShell } from '../api/tablet';
import { variantOf, type FlowSelection } from '../api/flow-selection';
import { validateFlowSelection } from '../api/flow-search-params';
import { PadFlowSplit } from './pad-flow-split';
import { PadSection } from './pad-layout';

/**
 * The one body of every 审批 list route: the phone list, or on a tablet the list beside the flow chosen in the address.
 * The selection is validated here, not in the route definitions: nine list routes would carry it into the first load.
 */
export function FlowListScreen({ kind }: { kind: FlowListKind }) {
  const search = useSearch({ strict: false });
  const tablet = usesTabletShell(useRouterState({ select: (s) => s.location.pathname }));
  if (!tablet) return <FlowListPage kind={kind} />;
  const selection = validateFlowSelection(search);
  return (
    <PadSection>
      <PadFlowSplit kind={kind} selection={selection} />
    </PadSection>
  );
}

/**
 * The one body of every 审批 detail route (phone /follow…Detail and tablet /padflow/…Detail): the flow on a phone, the
 * flow beside the list it belongs to on a tablet. `kind` is the list the detail belongs to (its variant follows).
 */
export function FlowDetailScreen({ kind, selection }: { kind: FlowListKind; selection: FlowSelection }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { instanceId } = selection;
  if (usesTabletShell(pathname)) {
    // the /padflow tabs already give the screen its box; a phone detail route opened on a tablet gets one here
    const split = <PadFlowSplit kind={kind} selection={selection} />;
    return pathname.startsWith('/padflow') ? split : <PadSection>{split}</PadSection>;
  }
  if (!instanceId) return null;
  return (
    <InstanceDetailPage key={instanceId} instanceId={instanceId} readId={selection.readId} variant={variantOf(kind)} />
  );
}

import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { InstanceDetailPage, type DetailVariant } from '@/features/follow/components/instance-detail-page';
import type { DealAction } from '@/features/follow/deal-actions';
import type { FlowSelection } from '../api/flow-selection';
import './pad-flow.css';

interface PadFlowDetailProps {
  selection: FlowSelection & { instanceId: string };
  variant: DetailVariant;
  /** opens 办理 of the user's task (an action chosen) in this pane, or closes it (no arguments) */
  onDeal: (action?: DealAction, taskId?: string) => void;
  /** the action went through: the pane moves on */
  onDone: () => void;
}

/** The right pane of a flow list: the flow's detail, or its 办理 form once an action was chosen on it. */
export function PadFlowDetail({ selection, variant, onDeal, onDone }: PadFlowDetailProps) {
  const { instanceId, taskId, readId, deal } = selection;
  if (deal && taskId) {
    return (
      <div className="pad-flow-deal">
        <button type="button" className="pad-flow-deal-back" onClick={() => onDeal()}>
          返回详情
        </button>
        <DealWithPage
          key={`${taskId}-${deal}`}
          instanceId={instanceId}
          taskId={taskId}
          initialAction={deal}
          onDone={onDone}
        />
      </div>
    );
  }
  return (
    <InstanceDetailPage key={instanceId} instanceId={instanceId} readId={readId} variant={variant} onDeal={onDeal} />
  );
}

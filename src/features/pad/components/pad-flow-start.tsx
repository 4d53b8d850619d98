import { SplitView } from '@/components/split-view';
import { StartCataloguePage } from '@/features/follow/components/start-catalogue-page';
import { StartFormPage } from '@/features/follow/components/start-form-page';
import './pad-flow.css';

interface PadFlowStartProps {
  definitionId?: string;
  draftId?: string;
  onPick: (definitionId: string | null) => void;
  onStarted: (instanceId: string) => void;
}

/** 发起申请 on a tablet: the flow catalogue on the left, the chosen flow's form on the right. */
export function PadFlowStart({ definitionId, draftId, onPick, onStarted }: PadFlowStartProps) {
  return (
    <SplitView
      listLabel="流程目录"
      detailLabel="申请表单"
      placeholder="请从左侧选择要发起的流程"
      selectedKey={definitionId ?? null}
      onBack={() => onPick(null)}
      list={<StartCataloguePage selectedId={definitionId} onPick={onPick} />}
      detail={
        definitionId ? (
          <StartFormPage
            key={`${definitionId}-${draftId ?? ''}`}
            definitionId={definitionId}
            draftId={draftId}
            onStarted={onStarted}
          />
        ) : null
      }
    />
  );
}

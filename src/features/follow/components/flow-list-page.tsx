import { useNavigate } from '@tanstack/react-router';
import type { FlowListKind, FlowListRow } from '@contract/flow';
import { ListView } from '@/components/list-view';
import { flowListQuery } from '../api/get-flow-list';
import { LIST_KINDS } from '../list-kinds';
import { FlowRow } from './flow-row';
import './follow-base.css';

interface FlowListPageProps {
  kind: FlowListKind;
  filters?: Record<string, unknown>;
}

/** Any of the flow lists; a row opens the detail page that fits the list. */
export function FlowListPage({ kind, filters }: FlowListPageProps) {
  const navigate = useNavigate();
  const info = LIST_KINDS[kind];
  const open = (row: FlowListRow) => {
    const search =
      kind === 'todo' || kind === 'back'
        ? { instanceId: row.instanceId, taskId: row.id }
        : kind === 'unread' || kind === 'receive'
          ? { instanceId: row.instanceId, readId: row.id }
          : { instanceId: row.instanceId };
    void navigate({ to: info.detail, search });
  };
  return (
    <div className="follow-page">
      <ListView
        query={flowListQuery(kind, filters)}
        itemKey={(row) => row.id}
        renderItem={(row) => <FlowRow row={row} />}
        onItemClick={open}
        searchable
        placeholder="搜索标题、编号、发起人"
        emptyKind={info.emptyKind}
        emptyTip={info.emptyTip}
        label={info.title}
      />
    </div>
  );
}

import { useState } from 'react';
import type { SelectorNode } from '@contract/upms';
import type { SelectorTreeKind } from '@/api/selector';
import { Breadcrumb } from '../breadcrumb';
import { EmptyState } from '../empty-state';
import { SearchBox } from '../search-box';
import {
  allSelected,
  fieldOf,
  isUserNode,
  setUsers,
  someSelected,
  toggleUser,
  toSelection,
  type Selection,
} from './selection';
import { ContainerRow, UserRow } from './selector-row';
import { useContainerUsers } from './use-container-users';
import { useSelectorLevel, type Level } from './use-selector-level';

export interface SelectorPanelProps {
  initial: readonly SelectorNode[];
  multiple: boolean;
  trees: SelectorTreeKind[];
  labelField: string;
  title: string;
  onCancel: () => void;
  onConfirm: (users: SelectorNode[]) => void;
}

const ROOT: Level = { name: '通讯录', value: '0', kind: 'root' };

/** The picker's content; it lives only while the popup is open, so every opening starts from `initial`. */
export function SelectorPanel({
  initial,
  multiple,
  trees,
  labelField,
  title,
  onCancel,
  onConfirm,
}: SelectorPanelProps) {
  const [path, setPath] = useState<Level[]>([ROOT]);
  const [keyword, setKeyword] = useState('');
  const [selection, setSelection] = useState<Selection>(() => toSelection(initial));
  const level = path[path.length - 1]!;
  const view = useSelectorLevel(level, trees, keyword);
  const containers = useContainerUsers();
  const label = (node: SelectorNode) => fieldOf(node, labelField, 'name');
  const chosen = [...selection.values()];

  const drill = (node: SelectorNode, tree: SelectorTreeKind) => {
    // an org keeps the tree it came from (filtered or not); a group or post lists its members
    const kind: SelectorTreeKind = node.popCode === 'org' ? tree : (node.popCode as SelectorTreeKind);
    setPath((prev) => [...prev, { name: label(node), value: node.id, kind }]);
  };

  const tickContainer = async (node: SelectorNode) => {
    const users = await containers.load(node);
    if (users) setSelection((prev) => setUsers(prev, users, !allSelected(prev, users)));
  };

  const body = () => {
    if (view.isPending)
      return view.isPaused ? <EmptyState kind="offline" /> : <p className="org-selector-loading">加载中...</p>;
    if (view.isError && view.isEmpty && !view.isAnswered) return <EmptyState kind="error" onRetry={view.retry} />;
    if (view.isEmpty) return <EmptyState kind={keyword ? 'nosearch' : 'nodata'} />;
    return view.sections.map((section) =>
      section.nodes.length === 0 ? null : (
        <section key={section.kind} aria-label={section.title}>
          {section.title && <h3 className="org-selector-section">{section.title}</h3>}
          <ul className="org-selector-list">
            {section.nodes.map((node) => {
              const users = containers.known[node.id];
              return isUserNode(node) ? (
                <UserRow
                  key={`u-${node.id}`}
                  node={node}
                  label={label(node)}
                  checked={selection.has(node.id)}
                  onToggle={() => setSelection((prev) => toggleUser(prev, node, multiple))}
                />
              ) : (
                <ContainerRow
                  key={`${node.popCode}-${node.id}`}
                  node={node}
                  label={label(node)}
                  tickable={multiple}
                  checked={Boolean(users && allSelected(selection, users))}
                  partial={Boolean(users && someSelected(selection, users))}
                  busy={containers.busy.has(node.id)}
                  onTick={() => void tickContainer(node)}
                  onDrill={() => drill(node, section.kind)}
                />
              );
            })}
          </ul>
        </section>
      ),
    );
  };

  return (
    <>
      <header className="org-selector-header">
        <button type="button" className="org-selector-text-button" onClick={onCancel}>
          取消
        </button>
        <h2 className="org-selector-title">{title}</h2>
        <button
          type="button"
          className="org-selector-text-button org-selector-confirm"
          onClick={() => onConfirm(chosen)}
        >
          确定{chosen.length > 0 ? `(${chosen.length})` : ''}
        </button>
      </header>
      <SearchBox placeholder="搜索姓名、账号或手机号" value={keyword} onSearch={setKeyword} />
      {!keyword && (
        <Breadcrumb items={path} onSelect={(_value, index) => setPath((prev) => prev.slice(0, index + 1))} />
      )}
      <div className="org-selector-body">{body()}</div>
      {chosen.length > 0 && (
        <footer className="org-selector-chosen" aria-label="已选人员">
          {chosen.map((user) => (
            <button
              key={user.id}
              type="button"
              className="org-selector-chip"
              aria-label={`移除${label(user)}`}
              onClick={() => setSelection((prev) => toggleUser(prev, user, true))}
            >
              {label(user)} ×
            </button>
          ))}
        </footer>
      )}
    </>
  );
}

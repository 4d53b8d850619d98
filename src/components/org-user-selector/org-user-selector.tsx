import { useState } from 'react';
import { Popup } from 'antd-mobile';
import type { SelectorNode } from '@contract/upms';
import { fetchOrgAllUsers, fetchSelectorTree, type SelectorTreeKind } from '@/api/selector';
import { Breadcrumb } from '../breadcrumb';
import { EmptyState } from '../empty-state';
import { SearchBox } from '../search-box';
import { allSelected, setUsers, toggleUser, type Selection } from './selection';
import { useSelectorLevel, type Level } from './use-selector-level';
import './org-user-selector.css';

export interface OrgUserSelectorProps {
  visible: boolean;
  onClose: () => void;
  onConfirm: (users: SelectorNode[]) => void;
  /** users already chosen */
  value?: SelectorNode[];
  multiple?: boolean;
  /** trees offered at the root (default org + group); 'org-noperm' skips the data-permission filter */
  trees?: SelectorTreeKind[];
  labelField?: keyof SelectorNode;
  title?: string;
}

const ROOT: Level = { name: '通讯录', value: '0', kind: 'root' };

/** Spec §4 org/user selector: drill down with a breadcrumb, tick orgs or users, search, confirm or cancel. */
export function OrgUserSelector({ visible, onClose, onConfirm, value = [], multiple = true, trees = ['org', 'group'], labelField = 'name', title = '选择人员' }: OrgUserSelectorProps) {
  const [path, setPath] = useState<Level[]>([ROOT]);
  const [keyword, setKeyword] = useState('');
  const [selection, setSelection] = useState<Selection>(() => new Map(value.map((u) => [u.id, u])));
  const [containerUsers, setContainerUsers] = useState<Record<string, SelectorNode[]>>({});
  const level = path[path.length - 1];
  const { nodes, isPending, isError, refetch } = useSelectorLevel(level, trees, keyword);

  const usersOf = async (node: SelectorNode): Promise<SelectorNode[]> => {
    if (containerUsers[node.id]) return containerUsers[node.id];
    const users = node.popCode === 'org' ? await fetchOrgAllUsers(node.id) : (await fetchSelectorTree(node.popCode as SelectorTreeKind, node.id)).filter((n) => n.popCode === 'user');
    setContainerUsers((prev) => ({ ...prev, [node.id]: users }));
    return users;
  };

  const handleTickContainer = async (node: SelectorNode) => {
    const users = await usersOf(node);
    setSelection((prev) => setUsers(prev, users, !allSelected(prev, users)));
  };

  const drill = (node: SelectorNode) => {
    const kind: SelectorTreeKind = node.popCode === 'org' ? (trees.includes('org-noperm') ? 'org-noperm' : 'org') : (node.popCode as SelectorTreeKind);
    setPath((prev) => [...prev, { name: node.name, value: node.id, kind }]);
  };

  const label = (node: SelectorNode) => String(node[labelField] ?? node.name);
  const chosen = [...selection.values()];

  return (
    <Popup visible={visible} onClose={onClose} position="bottom" bodyClassName="org-selector" destroyOnClose>
      <header className="org-selector-header">
        <button type="button" className="org-selector-text-button" onClick={onClose}>
          取消
        </button>
        <h2 className="org-selector-title">{title}</h2>
        <button type="button" className="org-selector-text-button org-selector-confirm" onClick={() => onConfirm(chosen)}>
          确定{chosen.length > 0 ? `(${chosen.length})` : ''}
        </button>
      </header>
      <SearchBox placeholder="搜索姓名" onSearch={setKeyword} />
      {!keyword && <Breadcrumb items={path} onSelect={(_value, index) => setPath((prev) => prev.slice(0, index + 1))} />}
      <div className="org-selector-body">
        {isPending ? (
          <p className="org-selector-loading">加载中...</p>
        ) : isError ? (
          <EmptyState kind="error" onRetry={() => void refetch()} />
        ) : nodes.length === 0 ? (
          <EmptyState kind={keyword ? 'nosearch' : 'nodata'} />
        ) : (
          <ul className="org-selector-list">
            {nodes.map((node) => {
              const isUser = node.popCode === 'user';
              const cached = containerUsers[node.id];
              const checked = isUser ? selection.has(node.id) : Boolean(cached && allSelected(selection, cached));
              return (
                <li key={`${node.popCode}-${node.id}`} className="org-selector-row">
                  {(isUser || multiple) && (
                    <label className="org-selector-check">
                      <input
                        type="checkbox"
                        checked={checked}
                        aria-label={`${isUser ? '选择' : '全选'}${label(node)}`}
                        onChange={() => (isUser ? setSelection((prev) => toggleUser(prev, node, multiple)) : void handleTickContainer(node))}
                      />
                    </label>
                  )}
                  {isUser ? (
                    <span className="org-selector-name">
                      {label(node)}
                      {node.orgName && <small className="org-selector-sub">{node.orgName}</small>}
                    </span>
                  ) : (
                    <button type="button" className="org-selector-drill" onClick={() => drill(node)}>
                      <span className="org-selector-name">{label(node)}</span>
                      {node.userCount !== undefined && <small className="org-selector-sub">{node.userCount}人</small>}
                      <span aria-hidden="true">›</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {chosen.length > 0 && (
        <footer className="org-selector-chosen" aria-label="已选">
          {chosen.map((user) => (
            <button key={user.id} type="button" className="org-selector-chip" onClick={() => setSelection((prev) => toggleUser(prev, user, true))}>
              {label(user)} ×
            </button>
          ))}
        </footer>
      )}
    </Popup>
  );
}

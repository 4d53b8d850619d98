import { useState } from 'react';
import { Popup } from 'antd-mobile';
import type { SelectorNode } from '@contract/upms';
import type { SelectorTreeKind } from '@/api/selector';
import { fieldOf } from './selection';
import { SelectorPanel } from './selector-panel';
import './org-user-selector.css';

export interface OrgUserSelectorProps {
  visible: boolean;
  onClose: () => void;
  /** the chosen users, and their values read from `valueField` */
  onConfirm: (users: SelectorNode[], values: string[]) => void;
  /** users already chosen; without it the picker reopens with what was last confirmed */
  value?: SelectorNode[];
  multiple?: boolean;
  /** trees offered at the root (default org + group); 'org-noperm' skips the data-permission filter */
  trees?: SelectorTreeKind[];
  /** node field shown as the name (default `name`) */
  labelField?: keyof SelectorNode | (string & {});
  /** node field emitted as the value (default `id`) */
  valueField?: keyof SelectorNode | (string & {});
  title?: string;
}

const DEFAULT_TREES: SelectorTreeKind[] = ['org', 'group'];

/** Spec §4 org/user selector in a bottom popup: drill down with a breadcrumb, tick orgs or users, search, confirm or cancel. */
export function OrgUserSelector(props: OrgUserSelectorProps) {
  const {
    visible,
    onClose,
    onConfirm,
    value,
    multiple = true,
    trees = DEFAULT_TREES,
    labelField = 'name',
    valueField = 'id',
    title = '选择人员',
  } = props;
  const [lastConfirmed, setLastConfirmed] = useState<SelectorNode[]>([]);
  // each opening gets a fresh panel, even when reopened before the closing animation has unmounted the old one
  const [opening, setOpening] = useState(0);
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setOpening((n) => n + 1);
  }

  return (
    <Popup
      visible={visible}
      onClose={onClose}
      onMaskClick={onClose}
      position="bottom"
      bodyClassName="org-selector"
      destroyOnClose
    >
      <SelectorPanel
        key={opening}
        initial={value ?? lastConfirmed}
        multiple={multiple}
        trees={trees}
        labelField={labelField}
        title={title}
        onCancel={onClose}
        onConfirm={(users) => {
          setLastConfirmed(users);
          onConfirm(
            users,
            users.map((u) => fieldOf(u, valueField, 'id')),
          );
        }}
      />
    </Popup>
  );
}

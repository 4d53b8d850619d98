import type { SelectorNode } from '@contract/upms';

interface UserRowProps {
  node: SelectorNode;
  label: string;
  checked: boolean;
  onToggle: () => void;
}

/** A user: the whole row toggles it (a 44 px target even at 360 px wide). */
export function UserRow({ node, label, checked, onToggle }: UserRowProps) {
  return (
    <li className="org-selector-row">
      <label className="org-selector-user">
        <span className="org-selector-check">
          <input type="checkbox" checked={checked} aria-label={`选择${label}`} onChange={onToggle} />
        </span>
        <span className="org-selector-name">
          {label}
          {node.orgName && <small className="org-selector-sub">{node.orgName}</small>}
        </span>
      </label>
    </li>
  );
}

interface ContainerRowProps {
  node: SelectorNode;
  label: string;
  /** hidden in single mode, where a whole org cannot be one person */
  tickable: boolean;
  checked: boolean;
  partial: boolean;
  busy: boolean;
  onTick: () => void;
  onDrill: () => void;
}

/** An org, group or post: the box ticks all its users, the name drills into it. */
export function ContainerRow({ node, label, tickable, checked, partial, busy, onTick, onDrill }: ContainerRowProps) {
  return (
    <li className="org-selector-row">
      {tickable && (
        <span className="org-selector-check">
          <input
            type="checkbox"
            checked={checked}
            disabled={busy}
            aria-label={`全选${label}`}
            ref={(el) => {
              if (el) el.indeterminate = partial && !checked;
            }}
            onChange={onTick}
          />
        </span>
      )}
      <button type="button" className="org-selector-drill" onClick={onDrill}>
        <span className="org-selector-name">{label}</span>
        {node.userCount !== undefined && <small className="org-selector-sub">{node.userCount}人</small>}
        <span className="org-selector-arrow" aria-hidden="true">
          ›
        </span>
      </button>
    </li>
  );
}

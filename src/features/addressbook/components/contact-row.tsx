import type { SelectorNode } from '@contract/upms';

/**
 * A person: name, post and department; a tap opens their card. `bare` leaves out the list item (the caller wraps it).
 * Rows are split-view rows (arrow keys on a tablet); `selected` marks the person whose card is shown beside the list.
 */
export function ContactRow({
  user,
  onOpen,
  bare,
  selected,
}: {
  user: SelectorNode;
  onOpen: (user: SelectorNode) => void;
  bare?: boolean;
  selected?: boolean;
}) {
  const sub = [user.postName, user.orgName].filter(Boolean).join(' · ');
  const row = (
    <button
      type="button"
      className="contacts-row"
      data-split-item=""
      aria-current={selected ? 'true' : undefined}
      onClick={() => onOpen(user)}
    >
      <span className="contacts-avatar" aria-hidden="true">
        {user.avatar ? <img src={user.avatar} alt="" /> : user.realName.slice(-2)}
      </span>
      <span className="contacts-name">
        {user.realName}
        {sub && <small className="contacts-sub">{sub}</small>}
      </span>
      <span className="contacts-arrow" aria-hidden="true">
        ›
      </span>
    </button>
  );
  return bare ? row : <li className="contacts-item">{row}</li>;
}

/** A department: a tap drills into it. */
export function OrgRow({ org, onOpen }: { org: SelectorNode; onOpen: (org: SelectorNode) => void }) {
  return (
    <li className="contacts-item">
      <button type="button" className="contacts-row" data-split-item="" onClick={() => onOpen(org)}>
        <span className="contacts-org-icon" aria-hidden="true">
          部
        </span>
        <span className="contacts-name">{org.name}</span>
        {org.userCount !== undefined && <span className="contacts-count">{org.userCount}人</span>}
        <span className="contacts-arrow" aria-hidden="true">
          ›
        </span>
      </button>
    </li>
  );
}

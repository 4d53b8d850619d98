import { useState } from 'react';
import type { SelectorNode } from '@contract/upms';

/** A person: name, post and department; a tap unfolds the phone and e-mail as tel: / mailto: links. */
export function ContactRow({ user }: { user: SelectorNode }) {
  const [open, setOpen] = useState(false);
  const detailsId = `contact-${user.id}`;
  const sub = [user.postName, user.orgName].filter(Boolean).join(' · ');
  return (
    <li className="contacts-item">
      <button type="button" className="contacts-row" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
        <span className="contacts-avatar" aria-hidden="true">
          {user.avatar ? <img src={user.avatar} alt="" /> : user.realName.slice(-2)}
        </span>
        <span className="contacts-name">
          {user.realName}
          {sub && <small className="contacts-sub">{sub}</small>}
        </span>
        <span className={open ? 'contacts-arrow contacts-arrow-open' : 'contacts-arrow'} aria-hidden="true">
          ›
        </span>
      </button>
      {open && (
        <dl className="contacts-details" id={detailsId}>
          <div className="contacts-detail">
            <dt>手机</dt>
            <dd>{user.mobile ? <a href={`tel:${user.mobile}`}>{user.mobile}</a> : '未填写'}</dd>
          </div>
          <div className="contacts-detail">
            <dt>邮箱</dt>
            <dd>{user.email ? <a href={`mailto:${user.email}`}>{user.email}</a> : '未填写'}</dd>
          </div>
        </dl>
      )}
    </li>
  );
}

/** A department: a tap drills into it. */
export function OrgRow({ org, onOpen }: { org: SelectorNode; onOpen: (org: SelectorNode) => void }) {
  return (
    <li className="contacts-item">
      <button type="button" className="contacts-row" onClick={() => onOpen(org)}>
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

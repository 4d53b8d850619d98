import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import type { PersonalContact } from '@contract/contacts';
import { ListView } from '@/components/list-view';
import { personalListQuery } from '../api/get-contacts';
import './address-book-page.css';

function PersonalRow({ contact }: { contact: PersonalContact }) {
  const sub = [contact.company, contact.post].filter(Boolean).join(' · ');
  return (
    <div className="contacts-row">
      <span className="contacts-avatar" style={{ background: '#7a4fd6' }} aria-hidden="true">
        {contact.name.slice(-2)}
      </span>
      <span className="contacts-name">
        {contact.name}
        <small className="contacts-sub">{sub ? `${contact.mobile} · ${sub}` : contact.mobile}</small>
      </span>
      <span className="contacts-arrow" aria-hidden="true">
        ›
      </span>
    </div>
  );
}

/** 个人通讯录 (/addressbook/personal): the caller's own contacts, searched and paged by the server. */
export function PersonalListPage() {
  const navigate = useNavigate();
  return (
    <div className="contacts-page">
      <div className="contacts-toolbar">
        <Button block color="primary" onClick={() => void navigate({ to: '/addressbook/personalUser' })}>
          添加联系人
        </Button>
      </div>
      <ListView
        query={personalListQuery}
        searchable
        placeholder="搜索姓名、电话或单位"
        label="个人通讯录"
        emptyKind="nodata"
        emptyTip="暂无联系人，点击添加联系人"
        itemKey={(c) => c.id}
        onItemClick={(c) => void navigate({ to: '/addressbook/personalUser', search: { id: c.id } })}
        renderItem={(c) => <PersonalRow contact={c} />}
      />
    </div>
  );
}

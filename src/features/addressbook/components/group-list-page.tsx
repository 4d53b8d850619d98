import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { groupsQueryOptions } from '../api/get-contacts';
import { LocalList } from './local-list';
import './address-book-page.css';

/** 我的群组 (/addressbook/group): the caller's own groups, then the public ones; 新建群组. */
export function GroupListPage() {
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useQuery(groupsQueryOptions());
  return (
    <div className="contacts-page">
      <div className="contacts-toolbar">
        <Button block color="primary" onClick={() => void navigate({ to: '/addressbook/groupUser' })}>
          新建群组
        </Button>
      </div>
      <LocalList
        items={data}
        isPending={isPending}
        isError={isError}
        refetch={refetch}
        matches={(g, kw) => g.name.toLowerCase().includes(kw)}
        label="群组"
        placeholder="搜索群组名称"
        emptyTip="还没有群组，点击新建群组"
        render={(group) => (
          <li key={group.id} className="contacts-item">
            <Link className="contacts-row" to="/addressbook/groupUser" search={{ id: group.id }}>
              <span
                className="contacts-org-icon"
                style={{ background: group.mine ? '#1063e0' : '#667085' }}
                aria-hidden="true"
              >
                群
              </span>
              <span className="contacts-name">
                {group.name}
                <small className="contacts-sub">{group.mine ? '我创建的' : '公共群组'}</small>
              </span>
              <span className="contacts-count">{group.memberCount}人</span>
              <span className="contacts-arrow" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        )}
      />
    </div>
  );
}

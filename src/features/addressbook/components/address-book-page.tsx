import { useState } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { selectorTreeQueryOptions } from '@/api/selector';
import { Breadcrumb } from '@/components/breadcrumb';
import { EmptyState } from '@/components/empty-state';
import { SearchBox } from '@/components/search-box';
import { TabBar } from '@/components/tab-bar/tab-bar';
import { useIsOffline } from '@/offline/online-status';
import './address-book-page.css';

interface Level {
  name: string;
  value: string;
}

const ROOT: Level = { name: '组织架构', value: '0' };

/** 通讯录: the organisation drilled down level by level, or searched by name across the company. */
export function AddressBookPage() {
  const [path, setPath] = useState<Level[]>([ROOT]);
  const [keyword, setKeyword] = useState('');
  const level = path[path.length - 1];
  const offline = useIsOffline();
  const { data, isPending, isError, refetch } = useQuery(selectorTreeQueryOptions('org', keyword ? '0' : level.value, keyword));
  const nodes = data ?? [];
  const orgs = nodes.filter((n) => n.popCode === 'org');
  const users = nodes.filter((n) => n.popCode === 'user');

  const content = () => {
    if (isPending) return offline ? <EmptyState kind="offline" /> : <p className="contacts-loading">加载中...</p>;
    if (isError && nodes.length === 0) return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />;
    if (nodes.length === 0) return <EmptyState kind={keyword ? 'nosearch' : 'nodata'} />;
    return (
      <>
        {orgs.length > 0 && (
          <ul className="contacts-list" aria-label="部门">
            {orgs.map((org) => (
              <li key={org.id}>
                <button type="button" className="contacts-row" onClick={() => setPath((prev) => [...prev, { name: org.name, value: org.id }])}>
                  <span className="contacts-org-icon" aria-hidden="true">部</span>
                  <span className="contacts-name">{org.name}</span>
                  {org.userCount !== undefined && <span className="contacts-count">{org.userCount}人</span>}
                  <span className="contacts-arrow" aria-hidden="true">›</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {users.length > 0 && (
          <ul className="contacts-list" aria-label="人员">
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        )}
      </>
    );
  };

  return (
    <>
      <div className="contacts-page">
        <SearchBox placeholder="搜索姓名" onSearch={setKeyword} />
        {!keyword && <Breadcrumb items={path} onSelect={(_v, index) => setPath((prev) => prev.slice(0, index + 1))} />}
        <PullToRefresh onRefresh={async () => void (await refetch())}>{content()}</PullToRefresh>
      </div>
      <TabBar />
    </>
  );
}

function UserRow({ user }: { user: SelectorNode }) {
  return (
    <li className="contacts-row">
      <span className="contacts-avatar" aria-hidden="true">
        {user.avatar ? <img src={user.avatar} alt="" /> : user.realName.slice(-2)}
      </span>
      <span className="contacts-name">
        {user.realName}
        {user.orgName && <small className="contacts-sub">{user.orgName}</small>}
      </span>
    </li>
  );
}

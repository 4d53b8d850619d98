import { useState } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { selectorTreeQueryOptions } from '@/api/selector';
import { Breadcrumb } from '@/components/breadcrumb';
import { EmptyState } from '@/components/empty-state';
import { pullText } from '@/components/list-view';
import { SearchBox } from '@/components/search-box';
import { TabBar } from '@/components/tab-bar/tab-bar';
import { PULL_REFRESH_HEIGHT_PX } from '@/lib/gestures';
import { useIsOffline } from '@/offline/online-status';
import { ContactRow, OrgRow } from './contact-row';
import './address-book-page.css';

interface Level {
  name: string;
  value: string;
}

const ROOT: Level = { name: '组织架构', value: '0' };

/** 通讯录: the organisation drilled down level by level, or people searched by name, account or mobile. */
export function AddressBookPage() {
  const [path, setPath] = useState<Level[]>([ROOT]);
  const [keyword, setKeyword] = useState('');
  const level = path[path.length - 1]!;
  const offline = useIsOffline();
  const { data, isPending, isError, fetchStatus, refetch } = useQuery(selectorTreeQueryOptions('org', keyword ? '0' : level.value, keyword));
  const nodes = data ?? [];
  const orgs = nodes.filter((n) => n.popCode === 'org');
  const users = nodes.filter((n) => n.popCode === 'user');

  const openOrg = (org: SelectorNode) => setPath((prev) => [...prev, { name: org.name, value: org.id }]);

  const content = () => {
    if (isPending) return offline || fetchStatus === 'paused' ? <EmptyState kind="offline" /> : <p className="contacts-loading">加载中...</p>;
    if (isError && nodes.length === 0) return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />;
    if (nodes.length === 0) return <EmptyState kind={keyword ? 'nosearch' : 'nodata'} />;
    return (
      <>
        {orgs.length > 0 && (
          <ul className="contacts-list" aria-label="部门">
            {orgs.map((org) => (
              <OrgRow key={org.id} org={org} onOpen={openOrg} />
            ))}
          </ul>
        )}
        {users.length > 0 && (
          <ul className="contacts-list" aria-label="人员">
            {users.map((user) => (
              <ContactRow key={user.id} user={user} />
            ))}
          </ul>
        )}
      </>
    );
  };

  return (
    <>
      <div className="contacts-page">
        <SearchBox placeholder="搜索姓名、账号或手机号" value={keyword} onSearch={setKeyword} />
        {!keyword && <Breadcrumb items={path} onSelect={(_value, index) => setPath((prev) => prev.slice(0, index + 1))} />}
        <PullToRefresh headHeight={PULL_REFRESH_HEIGHT_PX} threshold={PULL_REFRESH_HEIGHT_PX} renderText={(status) => pullText(status, false)} onRefresh={async () => void (await refetch())}>
          {content()}
        </PullToRefresh>
      </div>
      <TabBar />
    </>
  );
}

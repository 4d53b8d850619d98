import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { PullToRefresh } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { selectorTreeQueryOptions } from '@/api/selector';
import { Breadcrumb } from '@/components/breadcrumb';
import { EmptyState } from '@/components/empty-state';
import { pullText } from '@/components/list-view';
import { SearchBox } from '@/components/search-box';
import { PULL_REFRESH_HEIGHT_PX } from '@/lib/spec-limits';
import { useIsOffline } from '@/offline/online-status';
import { ROOT_LEVEL, type Level } from '../addressbook-search';
import { ContactRow, OrgRow } from './contact-row';
import './address-book-page.css';

interface OrgPageProps {
  trail?: Level[];
  /** the tablet's own routes: where a drill goes and what opening a person does (default: the phone pages) */
  onDrill?: (trail: Level[]) => void;
  onOpenUser?: (userId: string, org?: string) => void;
  /** the person whose card is shown beside the list */
  selectedUserId?: string;
}

/** 组织架构 (/addressbook/org): the organisation drilled down level by level (each level a history entry, so Back goes up), with member counts; or people searched. */
export function OrgPage({ trail = [], onDrill, onOpenUser, selectedUserId }: OrgPageProps) {
  const navigate = useNavigate();
  const path = [ROOT_LEVEL, ...trail];
  const goTo = (next: Level[]) =>
    onDrill ? onDrill(next) : void navigate({ to: '/addressbook/org', search: next.length ? { trail: next } : {} });
  const [keyword, setKeyword] = useState('');
  const level = path[path.length - 1]!;
  const offline = useIsOffline();
  const { data, isPending, isError, fetchStatus, refetch } = useQuery(
    selectorTreeQueryOptions('org', keyword ? '0' : level.value, keyword),
  );
  const nodes = data ?? [];
  const orgs = nodes.filter((n) => n.popCode === 'org');
  const users = nodes.filter((n) => n.popCode === 'user');

  const openOrg = (org: SelectorNode) => goTo([...trail, { name: org.name, value: org.id }]);
  // the card names where the person sits: the levels drilled through, or the department a search found them in
  const openUser = (user: SelectorNode) => {
    const org = keyword ? user.orgName : trail.map((l) => l.name).join(' / ') || user.orgName;
    if (onOpenUser) onOpenUser(user.id, org);
    else void navigate({ to: '/addressbook/userInfo', search: { userId: user.id, ...(org ? { org } : {}) } });
  };

  const content = () => {
    if (isPending)
      return offline || fetchStatus === 'paused' ? (
        <EmptyState kind="offline" />
      ) : (
        <p className="contacts-loading">加载中...</p>
      );
    if (isError && !data) return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />;
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
              <ContactRow key={user.id} user={user} onOpen={openUser} selected={user.id === selectedUserId} />
            ))}
          </ul>
        )}
      </>
    );
  };

  return (
    <div className="contacts-page">
      <SearchBox placeholder="搜索姓名、拼音或手机号" value={keyword} onSearch={setKeyword} />
      {!keyword && <Breadcrumb items={path} onSelect={(_value, index) => goTo(trail.slice(0, index))} />}
      <PullToRefresh
        headHeight={PULL_REFRESH_HEIGHT_PX}
        threshold={PULL_REFRESH_HEIGHT_PX}
        renderText={(status) => pullText(status, false)}
        onRefresh={async () => void (await refetch())}
      >
        {content()}
      </PullToRefresh>
    </div>
  );
}

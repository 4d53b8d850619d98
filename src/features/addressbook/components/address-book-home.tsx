import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PullToRefresh } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { selectorTreeQueryOptions } from '@/api/selector';
import { EmptyState } from '@/components/empty-state';
import { pullText } from '@/components/list-view';
import { SearchBox } from '@/components/search-box';
import { TabBar } from '@/components/tab-bar/tab-bar';
import { PULL_REFRESH_HEIGHT_PX } from '@/lib/spec-limits';
import { useStore } from '@/lib/store';
import { useIsOffline } from '@/offline/online-status';
import { userStore } from '@/session/user-store';
import { readRecent } from '../api/recent-contacts';
import { ContactRow } from './contact-row';
import './address-book-page.css';

const SECTIONS = [
  { to: '/addressbook/org', title: '组织架构', mark: '组', color: '#0b8481' },
  { to: '/addressbook/group', title: '我的群组', mark: '群', color: '#1063e0' },
  { to: '/addressbook/personal', title: '个人通讯录', mark: '个', color: '#7a4fd6' },
  { to: '/addressbook/collect', title: '常用联系人', mark: '★', color: '#b7791f' },
] as const;

/** 通讯录 (/addressbook/index): search every colleague by name, 拼音 (zs → 张三) or phone; the sections; recent contacts. */
export function AddressBookHome() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const me = useStore(userStore, (s) => s.user?.userVo.id);
  const offline = useIsOffline();
  const search = useQuery({ ...selectorTreeQueryOptions('org', '0', keyword), enabled: Boolean(keyword) });
  const openUser = (user: SelectorNode) =>
    void navigate({
      to: '/addressbook/userInfo',
      search: { userId: user.id, ...(user.orgName ? { org: user.orgName } : {}) },
    });
  const recent = readRecent(me);

  const results = () => {
    const found = (search.data ?? []).filter((n) => n.popCode === 'user');
    if (search.isPending)
      return offline ? <EmptyState kind="offline" /> : <p className="contacts-loading">加载中...</p>;
    if (search.isError && !search.data)
      return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void search.refetch()} />;
    if (!found.length) return <EmptyState kind="nosearch" />;
    return (
      <ul className="contacts-list" aria-label="搜索结果">
        {found.map((user) => (
          <ContactRow key={user.id} user={user} onOpen={openUser} />
        ))}
      </ul>
    );
  };

  return (
    <>
      <div className="contacts-page">
        <SearchBox placeholder="搜索姓名、拼音或手机号" value={keyword} onSearch={setKeyword} />
        <PullToRefresh
          headHeight={PULL_REFRESH_HEIGHT_PX}
          threshold={PULL_REFRESH_HEIGHT_PX}
          renderText={(status) => pullText(status, false)}
          onRefresh={async () => void (keyword ? await search.refetch() : undefined)}
        >
          {keyword ? (
            results()
          ) : (
            <>
              <ul className="contacts-list contacts-sections" aria-label="通讯录分类">
                {SECTIONS.map((s) => (
                  <li key={s.to} className="contacts-item">
                    <Link to={s.to} className="contacts-row">
                      <span className="contacts-org-icon" style={{ background: s.color }} aria-hidden="true">
                        {s.mark}
                      </span>
                      <span className="contacts-name">{s.title}</span>
                      <span className="contacts-arrow" aria-hidden="true">
                        ›
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <h2 className="contacts-heading">最近联系人</h2>
              {recent.length ? (
                <ul className="contacts-list" aria-label="最近联系人">
                  {recent.map((user) => (
                    <ContactRow key={user.id} user={user} onOpen={openUser} />
                  ))}
                </ul>
              ) : (
                <EmptyState kind="nodata" tip="暂无最近联系人" />
              )}
            </>
          )}
        </PullToRefresh>
      </div>
      <TabBar />
    </>
  );
}

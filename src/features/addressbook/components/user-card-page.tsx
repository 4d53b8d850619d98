import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import type { ContactCard } from '@contract/contacts';
import type { SelectorNode } from '@contract/upms';
import { EmptyState } from '@/components/empty-state';
import { useStore } from '@/lib/store';
import { useOutbox } from '@/offline/use-outbox';
import { userStore } from '@/session/user-store';
import { cardQueryOptions } from '../api/get-contacts';
import { favouriteUrl, useToggleFavourite } from '../api/write-contacts';
import { rememberRecent } from '../api/recent-contacts';
import { downloadVCard } from '../vcard';
import './user-card-page.css';

/** The person as the address book last listed them: shown at once (and offline) while the card loads. */
function useListedUser(userId: string): SelectorNode | undefined {
  const queryClient = useQueryClient();
  for (const [, nodes] of queryClient.getQueriesData<SelectorNode[]>({ queryKey: ['upms', 'selector'] })) {
    const found = Array.isArray(nodes) ? nodes.find((n) => n.popCode === 'user' && n.id === userId) : undefined;
    if (found) return found;
  }
  for (const [, nodes] of queryClient.getQueriesData<SelectorNode[]>({ queryKey: ['contacts'] })) {
    const found = Array.isArray(nodes) ? nodes.find((n) => n.id === userId) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** 个人名片 (/addressbook/userInfo): post, organisation path, call / SMS, e-mail, 收藏 and vCard export. */
export function UserCardPage({ userId, org }: { userId: string; org?: string }) {
  const listed = useListedUser(userId);
  const me = useStore(userStore, (s) => s.user?.userVo.id);
  const { data: card, isError, refetch } = useQuery({ ...cardQueryOptions(userId), enabled: Boolean(userId) });
  const user: (SelectorNode & Partial<ContactCard>) | undefined = card ?? listed;
  const toggle = useToggleFavourite(userId, user?.realName ?? '');
  // a star still waiting in the outbox wins over a card refetched before the server has it (coming back online)
  const queued = useOutbox()
    .pending.filter((e) => e.url === favouriteUrl(userId))
    .pop();

  useEffect(() => {
    if (user) rememberRecent(me, user);
  }, [me, user]);

  // opened without a person (a bare link, a hand-typed address): nothing will load, say so and offer the way back
  if (!userId) return <EmptyState kind="nodata" action={<Link to="/addressbook/index">返回通讯录</Link>} />;
  if (!user)
    return isError ? (
      <EmptyState kind="nodata" tip="未找到该人员，请从通讯录重新进入" onRetry={() => void refetch()} />
    ) : (
      <p className="contacts-loading">加载中...</p>
    );
  const orgPath = card?.orgFullName ? card.orgFullName.split('/').join(' / ') : org || user.orgName;
  const favourite = queued ? queued.method === 'PUT' : (card?.favourite ?? false);
  return (
    <div className="user-card-page">
      <section className="user-card-head">
        <span className="user-card-avatar" aria-hidden="true">
          {user.avatar ? <img src={user.avatar} alt="" /> : user.realName.slice(-2)}
        </span>
        <h2 className="user-card-name">{user.realName}</h2>
        {card && userId !== me && (
          <button
            type="button"
            className="user-card-star"
            aria-pressed={favourite}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(!favourite)}
          >
            {favourite ? '★ 已收藏' : '☆ 收藏'}
          </button>
        )}
      </section>
      <dl className="user-card-list">
        <div className="user-card-item">
          <dt>岗位</dt>
          <dd>{user.postName || '未填写'}</dd>
        </div>
        <div className="user-card-item">
          <dt>部门</dt>
          <dd>{orgPath || '未填写'}</dd>
        </div>
        <div className="user-card-item">
          <dt>手机</dt>
          <dd>
            {user.mobile ? (
              <>
                <span className="user-card-value">{user.mobile}</span>
                <a className="user-card-action" href={`tel:${user.mobile}`}>
                  拨打电话
                </a>
                <a className="user-card-action" href={`sms:${user.mobile}`}>
                  发送短信
                </a>
              </>
            ) : (
              '未填写'
            )}
          </dd>
        </div>
        <div className="user-card-item">
          <dt>邮箱</dt>
          <dd>
            {user.email ? (
              <>
                <a href={`mailto:${user.email}`}>{user.email}</a>
                {/* the app's own mail (spec §2 /email), opened on a new letter to this colleague */}
                <Link
                  className="user-card-action"
                  to="/email/compose"
                  search={{ toId: user.id, toName: user.realName }}
                >
                  写邮件
                </Link>
              </>
            ) : (
              '未填写'
            )}
          </dd>
        </div>
      </dl>
      <Button
        className="user-card-export"
        block
        fill="outline"
        color="primary"
        onClick={() =>
          downloadVCard({
            name: user.realName,
            mobile: user.mobile,
            email: user.email,
            org: orgPath,
            title: user.postName,
          })
        }
      >
        导出名片（vCard）
      </Button>
    </div>
  );
}

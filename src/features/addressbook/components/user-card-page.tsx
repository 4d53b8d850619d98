import { useQueryClient } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { EmptyState } from '@/components/empty-state';
import './user-card-page.css';

/** The person as the address book last loaded them (the org trees are cached and kept offline, so the card opens offline too). */
function useCachedUser(userId: string): SelectorNode | undefined {
  const queryClient = useQueryClient();
  for (const [, nodes] of queryClient.getQueriesData<SelectorNode[]>({ queryKey: ['upms', 'selector'] })) {
    const found = nodes?.find((n) => n.popCode === 'user' && n.id === userId);
    if (found) return found;
  }
  return undefined;
}

/** 个人名片 (/addressbook/userInfo): post, where they sit, phone with call and SMS, e-mail. */
export function UserCardPage({ userId, org }: { userId: string; org?: string }) {
  const user = useCachedUser(userId);
  if (!user) return <EmptyState kind="nodata" tip="未找到该人员，请从通讯录重新进入" />;
  const orgPath = org || user.orgName;
  return (
    <div className="user-card-page">
      <section className="user-card-head">
        <span className="user-card-avatar" aria-hidden="true">
          {user.avatar ? <img src={user.avatar} alt="" /> : user.realName.slice(-2)}
        </span>
        <h2 className="user-card-name">{user.realName}</h2>
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
                <a className="user-card-action" href={`tel:${user.mobile}`}>拨打电话</a>
                <a className="user-card-action" href={`sms:${user.mobile}`}>发送短信</a>
              </>
            ) : (
              '未填写'
            )}
          </dd>
        </div>
        <div className="user-card-item">
          <dt>邮箱</dt>
          <dd>{user.email ? <a href={`mailto:${user.email}`}>{user.email}</a> : '未填写'}</dd>
        </div>
      </dl>
    </div>
  );
}

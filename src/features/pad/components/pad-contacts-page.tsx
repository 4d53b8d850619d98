import { useNavigate } from '@tanstack/react-router';
import { OrgPage } from '@/features/addressbook/components/org-page';
import { UserCardPage } from '@/features/addressbook/components/user-card-page';
import { SplitView } from '@/components/split-view';
import type { PadContactsSearch } from '../api/pad-search';

/**
 * 通讯录 on a tablet (/padcontacts): the organisation drilled down or searched on the left, the colleague's card on
 * the right. Both the levels and the person live in the URL, so rotating, resizing or Back keep them.
 */
export function PadContactsPage({ trail, userId, org }: PadContactsSearch) {
  const navigate = useNavigate();
  const go = (search: PadContactsSearch, replace = false) => void navigate({ to: '/padcontacts', search, replace });
  return (
    <SplitView
      listLabel="组织架构"
      detailLabel="个人名片"
      placeholder="请从左侧选择同事"
      selectedKey={userId}
      onBack={() => go({ trail }, true)}
      list={
        <OrgPage
          trail={trail}
          selectedUserId={userId}
          onDrill={(next) => go({ ...(next.length ? { trail: next } : {}), ...(userId ? { userId, org } : {}) })}
          onOpenUser={(id, where) => go({ trail, userId: id, ...(where ? { org: where } : {}) }, Boolean(userId))}
        />
      }
      detail={userId ? <UserCardPage key={userId} userId={userId} org={org} /> : null}
    />
  );
}

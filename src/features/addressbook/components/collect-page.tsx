import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { favouritesQueryOptions } from '../api/get-contacts';
import { ContactRow } from './contact-row';
import { LocalList } from './local-list';
import './address-book-page.css';

/** 常用联系人 (/addressbook/collect): the colleagues the caller starred on their cards. */
export function CollectPage() {
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useQuery(favouritesQueryOptions());
  return (
    <div className="contacts-page">
      <LocalList
        items={data}
        isPending={isPending}
        isError={isError}
        refetch={refetch}
        matches={(u, kw) => u.realName.includes(kw) || (u.mobile ?? '').includes(kw)}
        label="常用联系人"
        placeholder="搜索姓名或手机号"
        emptyTip="暂无常用联系人，可在名片上点击收藏"
        render={(user) => (
          <ContactRow
            key={user.id}
            user={user}
            onOpen={() => void navigate({ to: '/addressbook/userInfo', search: { userId: user.id } })}
          />
        )}
      />
    </div>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { roleText } from '@contract/role-labels';
import { useStore } from '@/lib/store';
import { dialog } from '@/ui/feedback';
import { TabBar } from '@/components/tab-bar/tab-bar';
import { userStore } from '@/session/user-store';
import { signOut } from '@/session/logout';
import './my-center-page.css';

export function MyCenterPage() {
  const navigate = useNavigate();
  const user = useStore(userStore, (s) => s.user);
  const roles = useStore(userStore, (s) => s.roles);
  const name = user?.userVo.realName ?? '';

  const handleLogout = async () => {
    const confirmed = await dialog.confirm({ content: '确定要退出登录吗？' });
    if (confirmed) await signOut();
  };

  return (
    <>
      <div className="my-scroll">
        <section className="my-card">
          <span className="my-avatar" aria-hidden="true">
            {user?.userVo.avatar ? <img src={user.userVo.avatar} alt="" /> : name.slice(-2)}
          </span>
          <div className="my-info">
            <p className="my-name">{name}</p>
            <p className="my-org">{user?.orgFullName}</p>
            {roles.length > 0 && <p className="my-roles">角色：{[...new Set(roles.map(roleText))].join('、')}</p>}
          </div>
        </section>
        <ul className="my-menu">
          <li>
            <span className="my-menu-label">账号</span>
            <span className="my-menu-value">{user?.userVo.username}</span>
          </li>
          <li>
            <span className="my-menu-label">手机</span>
            <span className="my-menu-value">{user?.userVo.mobile ?? '未填写'}</span>
          </li>
          <li>
            <span className="my-menu-label">邮箱</span>
            <span className="my-menu-value">{user?.userVo.email ?? '未填写'}</span>
          </li>
          <li>
            <button type="button" className="my-menu-button" onClick={() => navigate({ to: '/phonehome' })}>
              <span className="my-menu-label">返回首页</span>
              <span className="my-menu-arrow" aria-hidden="true">›</span>
            </button>
          </li>
        </ul>
        <button type="button" className="my-logout" onClick={handleLogout}>
          退出登录
        </button>
      </div>
      <TabBar />
    </>
  );
}

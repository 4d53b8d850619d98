import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useStore } from '@/lib/store';
import { userStore } from '@/session/user-store';
import './pad-layout.css';

const rail = [
  { to: '/padbacklog', title: '待办', icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13l2 2 4-4' },
  { to: '/padworktable', title: '工作台', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  { to: '/padcontacts', title: '通讯录', icon: 'M6 3h13v18H6zM12.5 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM9 17c.5-2 2-3 3.5-3s3 1 3.5 3' },
  { to: '/padmy', title: '我的', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6' },
];
/** Tablet sections that are part of this build; the others join with their module issues. */
const built = new Set(['/padbacklog']);

/** Tablet shell: a navigation rail on the left, the section in the rest of the screen. */
export function PadLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const name = useStore(userStore, (s) => s.user?.userVo.realName ?? '');
  return (
    <div className="pad-layout">
      <nav className="pad-rail" aria-label="主导航">
        <span className="pad-rail-avatar" aria-label={name}>
          {name.slice(-2)}
        </span>
        {rail.map((item) => {
          const active = pathname.startsWith(item.to);
          const icon = (
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={item.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          );
          return built.has(item.to) ? (
            <Link key={item.to} to={item.to} className={active ? 'pad-rail-item pad-rail-active' : 'pad-rail-item'} aria-current={active ? 'page' : undefined}>
              {icon}
              <span>{item.title}</span>
            </Link>
          ) : (
            <span key={item.to} className="pad-rail-item pad-rail-disabled" aria-disabled="true" title="建设中">
              {icon}
              <span>{item.title}</span>
            </span>
          );
        })}
      </nav>
      <main className="pad-content">
        <Outlet />
      </main>
    </div>
  );
}

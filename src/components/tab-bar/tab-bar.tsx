import { Link, useRouterState } from '@tanstack/react-router';
import './tab-bar.css';

const tabs = [
  { to: '/phonehome', title: '首页', icon: 'M3 11 12 4l9 7v9h-6v-6H9v6H3z' },
  {
    to: '/addressbook/index',
    title: '通讯录',
    icon: 'M6 3h13v18H6zM3 7h3M3 12h3M3 17h3M12.5 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM9 17c.5-2 2-3 3.5-3s3 1 3.5 3',
  },
  { to: '/myCenter/index', title: '我的', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6' },
] as const;

/** The phone's bottom navigation between the three home pages. */
export function TabBar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <nav className="tab-bar" aria-label="主导航">
      {tabs.map((tab) => {
        const active = pathname.startsWith(tab.to.replace(/\/index$/, ''));
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={active ? 'tab-bar-item tab-bar-active' : 'tab-bar-item'}
            aria-current={active ? 'page' : undefined}
            replace
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d={tab.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>{tab.title}</span>
          </Link>
        );
      })}
    </nav>
  );
}

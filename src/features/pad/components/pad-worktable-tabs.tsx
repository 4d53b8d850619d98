import { Link } from '@tanstack/react-router';

/** The two views of 工作台 (spec §2 children index and unreademail). */
export function PadWorktableTabs() {
  return (
    <nav className="pad-tabs" aria-label="工作台">
      <Link
        to="/padworktable/index"
        className="pad-tab"
        activeProps={{ className: 'pad-tab pad-tab-active', 'aria-current': 'page' }}
      >
        应用
      </Link>
      <Link
        to="/padworktable/unreademail"
        className="pad-tab"
        activeProps={{ className: 'pad-tab pad-tab-active', 'aria-current': 'page' }}
      >
        未读邮件
      </Link>
    </nav>
  );
}

import { Link } from '@tanstack/react-router';
import './route-error.css';

export function NotFound() {
  return (
    <div className="route-error" role="alert">
      <p className="route-error-title">页面不存在</p>
      <p className="route-error-detail">您访问的页面不存在或已被移除</p>
      <div className="route-error-actions">
        <Link className="route-error-retry" to="/">
          返回首页
        </Link>
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { platformConfig } from '@/platform/platform-config';
import './login-page.css';

const APP_SCHEME = 'oamobile://open';

/** Opens the native app at the given page when installed; otherwise the user continues in the browser. */
export function OpenAppPage() {
  const { path = '/' } = useSearch({ from: '/openApp' });
  const navigate = useNavigate();
  const [tried, setTried] = useState(false);
  const deepLink = `${APP_SCHEME}?path=${encodeURIComponent(path)}`;

  useEffect(() => {
    if (platformConfig.hostApp !== 'browser') return void navigate({ to: path, replace: true });
    const timer = window.setTimeout(() => setTried(true), 1500);
    window.location.href = deepLink;
    return () => window.clearTimeout(timer);
  }, [deepLink, navigate, path]);

  return (
    <main className="login-page">
      <div className="login-brand">
        <img className="login-logo" src="/favicon.svg" alt="" width={64} height={64} />
        <h1 className="login-title">协同办公系统</h1>
        <p className="login-subtitle">{tried ? '未能打开应用？可以继续在浏览器中使用' : '正在打开应用...'}</p>
      </div>
      <div className="login-form">
        <a className="login-submit" href={deepLink} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', textDecoration: 'none' }}>
          打开应用
        </a>
        <button type="button" className="login-eye" style={{ minHeight: 48 }} onClick={() => navigate({ to: path })}>
          继续在浏览器中打开
        </button>
      </div>
    </main>
  );
}

import { LogoMark } from './logo-mark';
import { useEffect, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { platformConfig } from '@/platform/platform-config';
import { APP_HANDOVER_MS, nativeAppLink, openNativeApp, whenAppOpens } from '../native-app';
import './login-page.css';

type Attempt = 'trying' | 'opened' | 'absent';

const SUBTITLE: Record<Attempt, string> = {
  trying: '正在打开应用...',
  opened: '已在应用中打开',
  absent: '未能打开应用，可以在浏览器中继续使用',
};

/** /openApp: opens the native app at the given page when it is installed; otherwise offers to continue in the browser. */
export function OpenAppPage() {
  const { path = '/' } = useSearch({ from: '/openApp' });
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState<Attempt>('trying');
  const deepLink = nativeAppLink(path);

  useEffect(() => {
    // already inside the app's web view: nothing to hand over
    if (platformConfig.hostApp !== 'browser') return void navigate({ to: path, replace: true });
    const timer = window.setTimeout(() => setAttempt((now) => (now === 'trying' ? 'absent' : now)), APP_HANDOVER_MS);
    const stop = whenAppOpens(() => {
      window.clearTimeout(timer);
      setAttempt('opened');
    });
    openNativeApp(deepLink);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [deepLink, navigate, path]);

  return (
    <main className="login-page">
      <div className="login-brand">
        <LogoMark />
        <h1 className="login-title">协同办公系统</h1>
        <p className="login-subtitle" role="status">
          {SUBTITLE[attempt]}
        </p>
      </div>
      <div className="login-form">
        <a
          className="login-submit"
          href={deepLink}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', textDecoration: 'none' }}
        >
          打开应用
        </a>
        {attempt !== 'trying' && (
          <button type="button" className="login-eye" style={{ minHeight: 48 }} onClick={() => navigate({ to: path })}>
            在浏览器中继续
          </button>
        )}
      </div>
    </main>
  );
}

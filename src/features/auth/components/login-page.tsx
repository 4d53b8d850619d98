import { LogoMark } from './logo-mark';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSiteConfig } from '@/api/site-config';
import { currentUserQueryOptions } from '@/session/current-user-query';
import { login, rememberedUsername } from '@/session/login';
import './login-page.css';

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { redirect } = useSearch({ from: '/login' });
  const siteConfig = useSiteConfig();
  const [username, setUsername] = useState(rememberedUsername);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!username.trim()) return setError('请输入用户名');
    if (!password) return setError('请输入密码');
    setError('');
    setSending(true);
    try {
      const uid = await login({ username: username.trim(), password });
      await queryClient.fetchQuery(currentUserQueryOptions(uid));
      await navigate({ to: redirect ?? '/', replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : '登录失败，请稍后重试');
      setSending(false);
    }
  };

  const webName = siteConfig?.webName || '协同办公系统';
  return (
    <main className="login-page">
      <div className="login-brand">
        <LogoMark />
        <h1 className="login-title">{webName}</h1>
        <p className="login-subtitle">移动办公，随时随地</p>
      </div>
      <form className="login-form" onSubmit={handleSubmit} noValidate>
        <label className="login-field">
          <span className="visually-hidden">用户名</span>
          <input
            name="username"
            autoComplete="username"
            autoCapitalize="off"
            placeholder="请输入用户名"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            disabled={sending}
          />
        </label>
        <label className="login-field">
          <span className="visually-hidden">密码</span>
          <input
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder="请输入密码"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={sending}
          />
          <button
            type="button"
            className="login-eye"
            aria-label={showPassword ? '隐藏密码' : '显示密码'}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((v) => !v)}
          >
            {showPassword ? '隐藏' : '显示'}
          </button>
        </label>
        <p className="login-error" role="alert" aria-live="assertive">
          {error}
        </p>
        <button className="login-submit" type="submit" disabled={sending} aria-busy={sending}>
          {sending ? '登录中...' : '登录'}
        </button>
      </form>
    </main>
  );
}

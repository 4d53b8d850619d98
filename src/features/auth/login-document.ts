import type { SiteConfig } from '@contract/upms';
import { SESSION_KEYS, readJson } from '@/lib/local-keys';
import { getUid } from '@/lib/uid-store';
import { safeRedirect } from '@/lib/login-redirect';
import { LOGIN_NOTICE_KEY, rememberedUsername } from '@/session/login-screen-keys';
import { registerAndWatchServiceWorker } from '@/platform/watch-service-worker';

/*
 * The login screen as a document of its own: index.html's static login markup made live, without React, the router
 * or Query (a cold /login loads this script instead of the app, public/boot.js picks). The login itself is
 * src/session/login.ts, as in the app. On success the app loads in full, signed in.
 * The screen paints and takes typing without the HTTP client (axios, ≈ 20 KB gzip, issue 29): the login call and the
 * site-config fetch are imported when the user starts typing (or at 登录, whichever comes first).
 */

const DEFAULT_NAME = '协同办公系统';

function target(): string {
  return safeRedirect(new URLSearchParams(location.search).get('redirect') ?? undefined) ?? '/';
}

/** The app's entry scripts (named by index.html) into the HTTP cache while the user types, so 登录 starts it quickly. */
function prefetchApp(): void {
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name=app-script]')) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = meta.content;
    document.head.appendChild(link);
  }
}

// the HTTP part of the login screen, one dynamic import shared by typing, 登录 and the site name
let httpPart: Promise<[typeof import('@/session/login'), typeof import('@/api/fetch-site-config')]> | undefined;
function loadHttpPart() {
  httpPart ??= Promise.all([import('@/session/login'), import('@/api/fetch-site-config')]).catch(() => {
    httpPart = undefined; // the next 登录 tries again
    throw new Error('网络连接失败，请检查网络后重试');
  });
  return httpPart;
}

function siteName(title: HTMLElement, webName?: string): void {
  title.textContent = webName || DEFAULT_NAME;
}

/** The stored site name at once (spec §3: it names the app here offline too); the fresh one once the HTTP part is in. */
function refreshSiteName(title: HTMLElement): void {
  loadHttpPart()
    .then(([, { fetchSiteConfig }]) => fetchSiteConfig())
    .then(
      (config) => siteName(title, config?.webName),
      () => undefined, // offline or failing: the stored or default name stays
    );
}

/** 发现新版本 with 刷新, as the app shows it (src/app/update-prompt.tsx): the waiting worker takes over, then one reload. */
function offerUpdate(main: HTMLElement, worker: ServiceWorker): void {
  if (main.querySelector('.update-prompt')) return;
  const bar = document.createElement('div');
  bar.className = 'update-prompt';
  bar.setAttribute('role', 'alert');
  const text = document.createElement('span');
  text.textContent = '发现新版本';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'update-prompt-button';
  button.textContent = '刷新';
  button.addEventListener('click', () => {
    button.disabled = true;
    let reloaded = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloaded) return;
      reloaded = true;
      location.reload();
    });
    worker.postMessage({ type: 'SKIP_WAITING' });
  });
  bar.append(text, button);
  main.prepend(bar);
}

/**
 * The service worker keeps the site (this document too) available offline; registered once the page is idle, without
 * workbox-window. A new build waits, as in the app, until the user accepts it. A login screen left open (a home-screen
 * app brought back days later) looks for one as the app does (src/platform/update-checks.ts).
 */
function registerServiceWorker(main: HTMLElement): void {
  if (!('serviceWorker' in navigator)) return;
  registerAndWatchServiceWorker((worker) => offerUpdate(main, worker));
}

function start(): void {
  // today's guard rule: a stored session does not see the login screen
  if (getUid()) return location.replace(target());
  document.title = '登录';
  const main = document.querySelector<HTMLElement>('.boot-login');
  const form = main?.querySelector('form');
  const username = form?.querySelector<HTMLInputElement>('input[name=username]');
  const password = form?.querySelector<HTMLInputElement>('input[name=password]');
  const eye = form?.querySelector<HTMLButtonElement>('.boot-eye');
  const error = form?.querySelector<HTMLElement>('[role=alert]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type=submit]');
  const title = main?.querySelector<HTMLElement>('h1');
  if (!main || !form || !username || !password || !eye || !error || !submit || !title) return;

  siteName(title, readJson<SiteConfig | undefined>(SESSION_KEYS.siteConfig, undefined)?.webName);
  username.value = rememberedUsername;
  // why a DingTalk or token login did not work (left by src/session/uid-sources.ts), shown once
  try {
    error.textContent = sessionStorage.getItem(LOGIN_NOTICE_KEY) ?? '';
    sessionStorage.removeItem(LOGIN_NOTICE_KEY);
  } catch {
    /* private mode */
  }
  for (const input of [username, password]) {
    input.readOnly = false;
    input.removeAttribute('tabindex');
  }
  eye.disabled = false;
  submit.disabled = false;
  main.removeAttribute('aria-busy');
  form.addEventListener(
    'input',
    () => {
      prefetchApp();
      refreshSiteName(title);
    },
    { once: true },
  );

  eye.addEventListener('click', () => {
    const show = password.type === 'password';
    password.type = show ? 'text' : 'password';
    eye.textContent = show ? '隐藏' : '显示';
    eye.setAttribute('aria-label', show ? '隐藏密码' : '显示密码');
    eye.setAttribute('aria-pressed', String(show));
  });

  let sending = false;
  const setSending = (on: boolean) => {
    sending = on;
    username.disabled = on;
    password.disabled = on;
    submit.disabled = on;
    submit.setAttribute('aria-busy', String(on));
    submit.textContent = on ? '登录中...' : '登录';
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    const name = username.value.trim();
    if (!name) return void (error.textContent = '请输入用户名');
    if (!password.value) return void (error.textContent = '请输入密码');
    error.textContent = '';
    setSending(true);
    loadHttpPart()
      .then(([{ login }]) => login({ username: name, password: password.value }))
      .then(
        () => location.replace(target()),
        (err: unknown) => {
          error.textContent = err instanceof Error ? err.message : '登录失败，请稍后重试';
          setSending(false);
        },
      );
  });
  registerServiceWorker(main);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();

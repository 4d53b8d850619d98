import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE } from '../e2e/support/browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A main screen to check: its path and whether it needs a logged-in user. */
export interface Screen {
  name: string;
  path: string;
  loggedIn: boolean;
}

/** One axe violation, trimmed to what a report needs. */
export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
  /** axe's explanation for the first node (e.g. the measured contrast ratio) */
  detail: string;
}

/** The result for one screen: the URL it ended on and its violations. */
export interface ScreenResult {
  screen: Screen;
  finalPath: string;
  violations: A11yViolation[];
}

/** The screens of the spec that exist in src/routes now (phone layout; pad screens on their own paths). */
export const mainScreens: Screen[] = [
  { name: 'login', path: '/login', loggedIn: false },
  { name: 'phonehome', path: '/phonehome', loggedIn: true },
  { name: 'myCenter', path: '/myCenter/index', loggedIn: true },
  { name: 'addressbook', path: '/addressbook', loggedIn: true },
  { name: 'joinus', path: '/joinus/index', loggedIn: false },
  { name: 'padbacklog', path: '/padbacklog', loggedIn: true },
  { name: 'ai', path: '/Ai', loggedIn: true },
];

export const isSerious = (v: A11yViolation) => v.impact === 'serious' || v.impact === 'critical';

/** A phone page per sign-in state, kept across the screens checked one after the other (see screenPages). */
export interface ScreenPages {
  pageFor(screen: Screen): Promise<Page>;
  close(): Promise<void>;
}

/** A phone context at 360×640, signed in through localStorage when `uid` is given. */
async function phoneContext(browser: Browser, uid: string | null): Promise<BrowserContext> {
  // bypassCSP: axe is injected as a script, which the app's CSP (rightly) forbids
  const context = await browser.newContext({ ...PHONE, bypassCSP: true, serviceWorkers: 'block' });
  if (uid) await context.addInitScript((token) => localStorage.setItem('oa.uid', token), uid);
  return context;
}

/**
 * One page signed in and one signed out, each navigated from screen to screen: a fresh context and page per screen
 * cost more than the check itself (a new renderer process, the app's scripts compiled again).
 */
export function screenPages(browser: Browser, uid: string | null): ScreenPages {
  const pages = new Map<boolean, Promise<Page>>();
  return {
    pageFor(screen) {
      const loggedIn = screen.loggedIn && !!uid;
      let page = pages.get(loggedIn);
      if (!page) {
        page = phoneContext(browser, loggedIn ? uid : null).then((context) => context.newPage());
        pages.set(loggedIn, page);
      }
      return page;
    },
    async close() {
      for (const page of pages.values()) await (await page).context().close();
    },
  };
}

/**
 * Opens a screen at 360×640 (logged in through localStorage when needed), waits for it to settle, runs axe: on a page
 * of `pages` when given, else on pages made for this screen alone.
 */
export async function checkScreen(
  browser: Browser,
  baseUrl: string,
  screen: Screen,
  uid: string | null,
  pages?: ScreenPages,
): Promise<ScreenResult> {
  const kept = pages ?? screenPages(browser, uid);
  try {
    const page = await kept.pageFor(screen);
    await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'networkidle' });
    // index.html's static first paint stays until the app (or the login script) takes over; on a busy machine the
    // DOM can be quiet that long while the scripts compile, and axe then checked the placeholder instead of the screen
    // (the login document keeps the hidden shell markup; it only drops the login form's aria-busy)
    await page.waitForFunction(
      () => !document.querySelector('.boot-login[aria-busy=true], html[data-boot=shell] .boot-shell'),
      undefined,
      { timeout: 30_000 },
    );
    await settle(page);
    // a toast fading in or out (a slow request's 请求超时 on a busy machine) was measured mid-fade: white text over a
    // nearly transparent box; it is a passing overlay, not the screen, so axe waits for it to go
    await page
      .waitForFunction(() => !document.querySelector('.adm-toast-mask'), undefined, { timeout: 10_000 })
      .catch(() => undefined);
    await page.addScriptTag({ content: axeSource });
    const raw = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              ctx: Document,
              opts: unknown,
            ): Promise<{
              violations: {
                id: string;
                impact: string | null;
                help: string;
                nodes: { target: unknown[]; failureSummary?: string }[];
              }[];
            }>;
          };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'minor',
        help: v.help,
        nodes: v.nodes.length,
        targets: v.nodes.slice(0, 3).map((n) => String(n.target)),
        detail: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
      }));
    });
    return { screen, finalPath: new URL(page.url()).pathname, violations: raw };
  } finally {
    if (!pages) await kept.close();
  }
}

/** Route transitions animate: wait until the DOM stops changing for a moment (bounded). */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          let timer = setTimeout(() => (observer.disconnect(), resolve(true)), 400);
          const observer = new MutationObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(() => (observer.disconnect(), resolve(true)), 400);
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        }),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/** Whether a screen's route file exists yet (modules land over time; a missing one is reported, not checked). */
export function routeExists(screen: Screen, routesDir = 'src/routes'): boolean {
  const files = readdirSync(routesDir, { recursive: true, encoding: 'utf8' }).map((f) => f.replace(/\\/g, '/'));
  const want = screen.path.replace(/^\//, '');
  return files.some((f) => {
    const route = f
      .replace(/\.tsx?$/, '')
      .replace(/\[index\]/g, 'index')
      .replace(/\./g, '/')
      .replace(/(^|\/)index$/, '');
    return route === want || route === want.replace(/\/index$/, '') || `${route}/index` === want;
  });
}

/** List screens of the flow module (src/routes/follow*), static paths only: their detail pages need an id. */
export function followScreens(routesDir = 'src/routes'): Screen[] {
  const files = readdirSync(routesDir, { recursive: true, encoding: 'utf8' }).map((f) => f.replace(/\\/g, '/'));
  return files
    .filter(
      (f) =>
        /^follow/.test(f) &&
        /\.tsx$/.test(f) &&
        !/[$_]/.test(
          f
            .replace(/\.tsx$/, '')
            .split('/')
            .pop()!
            .slice(0, 1),
        ) &&
        !f.includes('$'),
    )
    .map(
      (f) =>
        '/' +
        f
          .replace(/\.tsx$/, '')
          .replace(/\[index\]/g, 'index')
          .replace(/\./g, '/')
          .replace(/(^|\/)index$/, ''),
    )
    .filter((p, i, all) => p !== '/' && all.indexOf(p) === i)
    .map((path) => ({ name: path.slice(1), path, loggedIn: true }));
}

import { afterAll, afterEach, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, configure } from '@testing-library/react';
import { reduceMotion } from 'antd-mobile/es/utils/reduce-and-restore-motion';

// Most unit files share their worker's window and its imports of React and antd-mobile (vitest.config.ts, project
// `unit`). What a file could see of the files before it starts afresh here, before the file is imported: the app's own
// modules (their caches, queues and settings) with the packages that keep the app's state (TanStack Query's network
// state among them), IndexedDB, storage, the document, the clock and whatever a file redefined on navigator, document
// or an element prototype.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
globalThis.indexedDB = new IDBFactory();

type Snapshot = WeakMap<object, Map<PropertyKey, PropertyDescriptor>>;
const shared = globalThis as typeof globalThis & { __unitGlobals?: Snapshot };

function descriptors(target: object): Map<PropertyKey, PropertyDescriptor> {
  return new Map(Reflect.ownKeys(target).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)!]));
}

function restore(target: object, original: Map<PropertyKey, PropertyDescriptor>) {
  for (const key of Reflect.ownKeys(target)) {
    if (!original.has(key)) Reflect.deleteProperty(target, key);
  }
  for (const [key, descriptor] of original) {
    const now = Object.getOwnPropertyDescriptor(target, key);
    const same = now && (['value', 'get', 'set'] as const).every((field) => now[field] === descriptor[field]);
    if (!same && descriptor.configurable !== false) Object.defineProperty(target, key, descriptor);
  }
}

if (typeof document !== 'undefined') {
  const redefinable = [navigator, document, HTMLElement.prototype, Element.prototype, globalThis.crypto];
  // the first file in a new window records them as the environment made them; every later file gets them back
  const snapshot = (shared.__unitGlobals ??= new WeakMap());
  for (const target of redefinable) {
    const original = snapshot.get(target);
    if (original) restore(target, original);
    else snapshot.set(target, descriptors(target));
  }
  localStorage.clear();
  sessionStorage.clear();
  // antd-mobile (shared, not reset) keeps the open toast: a toast the file before left open stayed its handler, and the
  // next file's toasts were rendered into that handler's container, which the line below takes out of the document
  (await import('antd-mobile')).Toast.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.body.removeAttribute('class');
}

/**
 * A unit test has no server: a request that reaches happy-dom's own fetch (axios' XMLHttpRequest, fetch, a navigation
 * such as location.replace('/login'), a stylesheet or image it was told to load) went to its default origin,
 * http://localhost:3000, and printed `ECONNREFUSED 127.0.0.1:3000` far from the test that sent it. It is answered with a
 * network error here instead, and fails the test that sent it, naming the request: mock the HTTP layer
 * (tests/unit/support) or stub what navigates. Files in the Node environment use Node's fetch and are not affected.
 */
const offServer: string[] = [];
type HappyDomWindow = {
  happyDOM?: {
    settings: {
      fetch: {
        interceptor: {
          beforeAsyncRequest(context: { request: Request }): Promise<Response>;
          beforeSyncRequest(context: { request: Request }): object;
        } | null;
      };
    };
  };
};
const happyDOM = typeof window === 'undefined' ? undefined : (window as unknown as HappyDomWindow).happyDOM;
if (happyDOM) {
  happyDOM.settings.fetch.interceptor = {
    async beforeAsyncRequest({ request }) {
      offServer.push(`${request.method} ${request.url}`);
      return Response.error();
    },
    beforeSyncRequest({ request }) {
      offServer.push(`${request.method} ${request.url} (sync)`);
      return {
        status: 0,
        statusText: '',
        ok: false,
        url: request.url,
        redirected: false,
        headers: new Headers(),
        body: null,
      };
    },
  };
}

// findBy* and waitFor wait for what the user would see; their 1 s default was shorter than a render takes when the
// unit files run on every core of a machine that is busy (CI, or eight engineers on two cores); a file's first toast
// also waits for antd-mobile's lazy Toast chunk to be transformed, which took over 5 s beside the API files in CI
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  const sent = offServer.splice(0);
  if (sent.length > 0) throw new Error(`a unit test has no server, but it sent: ${sent.join(', ')}`);
});

// A request that got no answer (a test's offline adapter) leaves the app probing /api/health, first after 3 s: that
// timer outlived its file and sent the probe from whichever file ran next, through the real adapter. The file's own
// http module (imported here after the reset above, so the same instance) stops probing when the file is done.
afterAll(async () => {
  if (typeof window !== 'undefined') (await import('@/api/reachability')).setReachabilityProbe(null);
});

// antd-mobile's popups and dialogs open and close on react-spring animations driven by happy-dom's frames: a dialog
// closed on a loaded machine once stayed in the document past a 12 s wait (offline-reply.test's afterEach, CI).
// Components are not tested for their motion here; with motion reduced they open and close at once.
reduceMotion();

import { afterEach, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, configure } from '@testing-library/react';

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
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.body.removeAttribute('class');
}

// findBy* and waitFor wait for what the user would see; their 1 s default was shorter than a render takes when the
// unit files run on every core of a machine that is busy (CI, or eight engineers on two cores)
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

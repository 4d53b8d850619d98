import type { Page } from 'playwright-core';

/**
 * Some Playwright calls take no timeout (newContext, newPage, title, evaluate): when one stalls, a test hangs to its
 * own limit and the report names no step. Bounded, the stall fails (or, inside expect.poll, is retried) by name.
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The page's title, for expect.poll: a read that stalls (the frame between two documents) is read again. */
export const titleOf = (page: Page) => within(page.title(), 5_000, 'page.title()');

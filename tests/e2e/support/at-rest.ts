import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/**
 * Resolves once the element's box stops moving. A new page slides in (page transition) and a sheet slides up: a box
 * measured mid-slide is offset by however far the slide still has to go, and on a fast machine a test gets there that
 * early. `interval` is the time between two reads of the box.
 */
export async function atRest(
  element: Locator,
  { interval = 150, timeout }: { interval?: number; timeout?: number } = {},
) {
  await element.waitFor();
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await element.boundingBox());
        const still = now === last;
        last = now;
        return still;
      },
      timeout === undefined ? { interval } : { interval, timeout },
    )
    .toBe(true);
}

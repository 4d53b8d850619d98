import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/**
 * Resolves once the element's box stops moving. A new page slides in (page transition): a box measured mid-slide is
 * offset by however far the slide still has to go, and on a fast machine a test reaches its measurement that early.
 */
export async function atRest(element: Locator): Promise<void> {
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
      { interval: 150 },
    )
    .toBe(true);
}

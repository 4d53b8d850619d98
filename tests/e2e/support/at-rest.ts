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
  await untilStill(async () => JSON.stringify(await element.boundingBox()), { interval, timeout });
}

/**
 * Reads `read` every `interval` ms until two reads in a row agree and returns that value; `null` means "still
 * changing" whatever the last read was (e.g. while two pages share the stage).
 */
export async function untilStill(
  read: () => Promise<string | null>,
  { interval = 150, timeout }: { interval?: number; timeout?: number } = {},
): Promise<string> {
  let last: string | null = null;
  await expect
    .poll(
      async () => {
        const now = await read();
        const still = now !== null && now === last;
        last = now;
        return still;
      },
      timeout === undefined ? { interval } : { interval, timeout },
    )
    .toBe(true);
  return last!;
}

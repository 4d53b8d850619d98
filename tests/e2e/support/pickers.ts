import type { Locator, Page } from 'playwright-core';

/**
 * Taps one wheel item. The wheel hands its value to the Picker in a zero-delay timer, and the Picker re-renders
 * after it; Chromium runs input before timers, so a 确定 tapped at once on a busy machine would read the old value.
 * Waiting for two of the page's own timer turns and a frame lets both land, as they do between a finger's taps.
 */
export async function tapWheelItem(item: Locator) {
  await item.dispatchEvent('click');
  await item
    .page()
    .evaluate(
      () => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0)),
    );
}

/**
 * Opens a picker with `open`, turns its wheels with `choose`, taps 确定 and waits for `shown`. Under a heavy load
 * Chromium may still run the 确定 tap before the wheel's timer has handed the value over (see tapWheelItem): the
 * field then keeps its old value, and the picker is opened and turned once more, as a person would.
 */
export async function pickAndConfirm(
  page: Page,
  open: () => Promise<void>,
  choose: () => Promise<void>,
  shown: Locator,
) {
  for (let attempt = 1; ; attempt++) {
    await open();
    await choose();
    // the newest picker's: on a busy machine the one before may still be sliding out (two 确定 on screen)
    await page.locator('.adm-picker-header-button:visible', { hasText: '确定' }).last().click();
    try {
      await shown.waitFor({ timeout: attempt === 1 ? 5_000 : 30_000 });
      return;
    } catch (error) {
      // the value may have landed just after the wait (the opener then shows it): then it is picked
      if (await shown.isVisible()) return;
      if (attempt === 2) throw error;
    }
  }
}

/** Opens a form's select field (antd-mobile Picker), taps the option on the wheel and confirms. */
export async function pickOption(page: Page, label: string, option: string) {
  await pickAndConfirm(
    page,
    () => page.getByRole('button', { name: label, exact: true }).click(),
    // the wheel's mask lies over its items: the tap goes to the item itself, as a finger's would
    // closed sheets stay in the page, hidden: only the open one's wheel counts
    () => tapWheelItem(page.locator('.adm-picker-view-column-item-label:visible').getByText(option, { exact: true })),
    page.getByRole('button', { name: label, exact: true }).filter({ hasText: option }),
  );
}

/** Opens a date range field (antd-mobile CalendarPicker), taps its first and last day and, unless told not to, confirms. */
export async function pickRange(
  page: Page,
  label: string,
  from: string,
  to: string,
  options: { confirm?: boolean } = {},
) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const day = (date: string) => {
    const [year, month, dayOfMonth] = date.split('-').map(Number);
    return page
      .locator(`[data-year-month="${year}-${month}"] .adm-calendar-picker-view-cell-date`)
      .getByText(String(dayOfMonth), { exact: true });
  };
  await day(from).click();
  await day(to).click();
  if (options.confirm === false) return;
  await confirmRange(page);
  await page
    .getByRole('button', { name: label, exact: true })
    .filter({ hasText: `${from} 至 ${to}` })
    .waitFor();
}

export const confirmRange = (page: Page) =>
  page.locator('.adm-calendar-picker-footer').getByRole('button', { name: '确定' }).click();

/** The second Friday of next month and the Monday after: inside the calendar's months, two working days. */
export function fridayToMonday(): { friday: string; monday: string } {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth() + 1, 8);
  while (day.getDay() !== 5) day.setDate(day.getDate() + 1);
  const text = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const friday = text(day);
  day.setDate(day.getDate() + 3);
  return { friday, monday: text(day) };
}

/** Opens a date field (antd-mobile DatePicker), turns its year, month and day wheels to `date` (YYYY-MM-DD) and confirms. */
export async function pickDate(page: Page, label: string, date: string) {
  const columns = page.locator('.adm-picker-view-column:visible');
  const parts = date.split('-').map((part) => String(Number(part)));
  await pickAndConfirm(
    page,
    () => page.getByRole('button', { name: label, exact: true }).click(),
    async () => {
      for (const [index, part] of parts.entries()) {
        await tapWheelItem(
          columns.nth(index).locator('.adm-picker-view-column-item-label').getByText(part, { exact: true }),
        );
      }
    },
    page.getByRole('button', { name: label, exact: true }).filter({ hasText: date }),
  );
}

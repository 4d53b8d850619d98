import type { BrowserContext } from 'playwright-core';
import { within } from './deadline';

declare global {
  interface Window {
    __tapLog?: string[];
  }
}

/**
 * Runs in every page before the app: notes the taps the page received, what became of them and each change of address,
 * in memory only. Beside two CPU hogs a tap made right after a page load was lost a few times (the address never
 * changed) and the cause is not known yet: whether the page got the tap at all, and whether its click came, is what
 * this log tells. Printing as it happened moved the timing enough to hide the loss, so it is read only after a test
 * failed (printTapLogs).
 */
function recordTaps() {
  const log: string[] = [];
  window.__tapLog = log;
  const at = () => Math.round(performance.now());
  const describe = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return String(target);
    const text = (target.textContent ?? '').trim().slice(0, 10);
    return `${target.tagName.toLowerCase()}${text ? `「${text}」` : ''}${target.isConnected ? '' : ' (detached)'}`;
  };
  const note = (line: string) => log.length < 400 && log.push(`${at()} ${line}`);
  for (const type of ['pointerdown', 'pointerup', 'click'])
    addEventListener(type, (event) => note(`${type} ${describe(event.target)}`), true);
  // after the page's own handlers: a link that navigated cancelled the click's default
  addEventListener('click', (event) => note(`click handled${event.defaultPrevented ? ', default prevented' : ''}`));
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      note(`${method} ${String(args[2])}`);
      return original.apply(this, args);
    };
  }
  addEventListener('popstate', () => note(`popstate ${location.pathname}`));
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => log.push(`${Math.round(entry.startTime)} ${entry.name}`)),
  ).observe({ type: 'paint', buffered: true });
}

export const recordTapsIn = (context: BrowserContext) => context.addInitScript(recordTaps);

/** Prints the tap log of every page of `contexts` (after a failed test, before its contexts are closed). */
export async function printTapLogs(contexts: BrowserContext[], test: string) {
  for (const page of contexts.flatMap((context) => context.pages())) {
    const log = await within(
      page.evaluate(() => window.__tapLog ?? []),
      5_000,
      'reading the tap log',
    ).catch((error: unknown) => [`(unreadable: ${String(error)})`]);
    console.log(`[tap log] ${test} — ${page.url()}\n  ${log.join('\n  ')}`);
  }
}

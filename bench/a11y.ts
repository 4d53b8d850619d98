import type { Browser } from 'playwright-core';
import {
  checkScreen,
  followScreens,
  isSerious,
  mainScreens,
  routeExists,
  type ScreenResult,
} from '../tests/support-bench/axe';
import { table, type Section } from './lib/section';

/** axe-core (WCAG 2.1 A/AA + best practices) on every main screen at 360×640; target: 0 serious or critical. */
export async function runA11y(browser: Browser, baseUrl: string, uid: string): Promise<Section> {
  const screens = [...mainScreens, ...followScreens()];
  const missing = screens.filter((s) => !routeExists(s));
  const results: ScreenResult[] = [];
  for (const screen of screens.filter((s) => routeExists(s)))
    results.push(await checkScreen(browser, baseUrl, screen, uid));
  const seriousCount = (r: ScreenResult) => r.violations.filter(isSerious).length;
  const lines = [
    'Target: 0 serious or critical violations on every screen.',
    'Floor: 0, a page with nothing on it; each violation listed below is the app’s own.',
    '',
    ...table(
      ['screen', 'path', 'ended on', 'serious + critical', 'all violations'],
      results.map((r) => [r.screen.name, r.screen.path, r.finalPath, seriousCount(r), r.violations.length]),
    ),
  ];
  if (missing.length) lines.push('', `Not checked (route not built yet): ${missing.map((s) => s.path).join(', ')}`);
  const all = results.flatMap((r) =>
    r.violations.map((v) => [
      r.screen.name,
      v.impact,
      v.id,
      v.help,
      v.nodes,
      v.targets.join(' ').replace(/\|/g, '\\|'),
      v.detail.replace(/\|/g, '\\|'),
    ]),
  );
  if (all.length)
    lines.push(
      '',
      'Violations:',
      '',
      ...table(
        ['screen', 'impact', 'rule', 'help', 'nodes', 'first targets', 'why (first node)'],
        all as (string | number)[][],
      ),
    );
  return {
    title: 'Accessibility (axe-core, 360×640)',
    passed: results.every((r) => seriousCount(r) === 0),
    data: { results, missing },
    lines,
  };
}

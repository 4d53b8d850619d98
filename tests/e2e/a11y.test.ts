import { followScreens, mainScreens } from '../support-bench/axe';
import { checkScreensWithAxe } from './support/a11y-suite';

// the main screens and the flow details; the flow lists are checked in a11y-follow-lists.test.ts
checkScreensWithAxe(
  'accessibility of the main screens at 360×640 (axe-core)',
  [...mainScreens, ...followScreens().filter((s) => !s.path.startsWith('/follow/'))],
  ['login', 'phonehome', 'followWaitDetail'],
);

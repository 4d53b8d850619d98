import { followScreens } from '../support-bench/axe';
import { checkScreensWithAxe } from './support/a11y-suite';

checkScreensWithAxe(
  'accessibility of the flow lists at 360×640 (axe-core)',
  followScreens().filter((s) => s.path.startsWith('/follow/')),
  ['follow/waitList', 'follow/dealWith', 'follow/searchFlow'],
);

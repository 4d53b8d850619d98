import type { ModuleManifest } from '@/lib/module-manifest';

/** The tablet shell: its rail sections live with the shell (api/pad-sections.ts), which only tablets load. */
export const padModule: ModuleManifest = {
  key: 'pad',
  title: '平板',
};

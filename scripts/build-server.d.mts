/** Bundles server/main.ts and scripts/org-import.ts into `outdir` (main.mjs, org-import.mjs, migrations/). */
export function buildServer(
  outdir: string,
  options?: { sourcemap?: 'linked' | 'inline' | 'external' | boolean; linkMigrations?: boolean },
): Promise<string>;

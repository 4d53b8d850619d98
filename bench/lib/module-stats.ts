import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRsbuild, loadConfig, type RsbuildConfig } from '@rsbuild/core';
import { minifiedBytesByPackage } from './minified-by-package';

interface StatsModule {
  name?: string;
  size?: number;
  modules?: StatsModule[];
}
interface StatsChunk {
  files?: string[];
  modules?: StatsModule[];
}

/** A module's file without loader chains (CSS shows as `css <loaders>!<file>`) or the node_modules prefix. */
function displayName(name: string): string {
  const file = name.startsWith('css ') ? `${name.split('!').pop()!} (css)` : name;
  return file.replace(/^(\.\/)?node_modules\//, '').replace(/^\.\/node_modules\//, '');
}

/** Concatenated modules hold their parts in `modules`: list the parts, not the wrapper. */
function flatten(modules: StatsModule[] = []): StatsModule[] {
  return modules.flatMap((m) => (m.modules?.length ? flatten(m.modules) : [m]));
}

export interface ModuleReport {
  /** modules by source size (before minification), largest first */
  modules: { name: string; size: number; chunk: string }[];
  /** minified bytes per package, attributed through the source maps of the same chunks */
  packages: [string, number][];
}

/**
 * The biggest modules and packages inside the given chunk files: rebuilds the web environment once more with rspack
 * stats and source maps into a temp dir (dist/ stays as it is), then looks the chunks up by file name without its hash.
 */
export async function largestModules(chunkFiles: string[], limit = Infinity): Promise<ModuleReport> {
  const root = process.cwd();
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-bench-stats-'));
  try {
    const { content } = await loadConfig({ cwd: root });
    const config = content as RsbuildConfig;
    const web = config.environments?.web ?? {};
    const rsbuild = await createRsbuild({
      cwd: root,
      environment: ['web'],
      config: {
        ...config,
        environments: {
          ...config.environments,
          web: {
            ...web,
            output: {
              ...web.output,
              cleanDistPath: false,
              distPath: { root: outDir },
              sourceMap: { js: 'source-map' },
            },
          },
        },
      },
    });
    const { stats, close } = await rsbuild.build();
    await close();
    if (!stats) return { modules: [], packages: [] };
    const single = 'stats' in stats ? stats.stats[0]! : stats;
    const json = single.toJson({
      all: false,
      chunks: true,
      chunkModules: true,
      nestedModules: true,
      dependentModules: true,
      // stats otherwise fold most modules into unnamed "dependent modules" groups
      chunkModulesSpace: 1e9,
      nestedModulesSpace: 1e9,
    }) as { chunks?: StatsChunk[] };
    // matched without the content hash: a chunk whose CSS moved may hash differently in this second build
    const stem = (file: string) => file.replace(/\.[0-9a-f]{8,}\.js$/, '');
    const wanted = new Set(chunkFiles.map(stem));
    const found: { name: string; size: number; chunk: string }[] = [];
    const packages = new Map<string, number>();
    for (const chunk of json.chunks ?? []) {
      const emitted = chunk.files?.find((f) => f.endsWith('.js') && wanted.has(stem(path.basename(f))));
      if (!emitted) continue;
      const file = path.basename(emitted);
      await minifiedBytesByPackage(path.join(outDir, emitted), packages);
      for (const m of flatten(chunk.modules).filter((x) => x.name))
        found.push({ name: displayName(m.name!), size: m.size ?? 0, chunk: file });
    }
    return {
      modules: found.sort((a, b) => b.size - a.size).slice(0, limit),
      packages: [...packages].sort((a, b) => b[1] - a[1]),
    };
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

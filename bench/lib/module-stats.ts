import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRsbuild, loadConfig, type RsbuildConfig } from '@rsbuild/core';

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

/**
 * The biggest modules inside the given chunk files: rebuilds the web environment once more with rspack stats into a
 * temp dir (dist/ stays as it is), then looks the chunks up by file name without its hash.
 */
export async function largestModules(chunkFiles: string[], limit = Infinity): Promise<{ name: string; size: number; chunk: string }[]> {
  const root = process.cwd();
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'oa-bench-stats-'));
  try {
    const { content } = await loadConfig({ cwd: root });
    const config = content as RsbuildConfig;
    const web = config.environments?.web ?? {};
    const rsbuild = await createRsbuild({
      cwd: root,
      environment: ['web'],
      config: { ...config, environments: { ...config.environments, web: { ...web, output: { ...web.output, cleanDistPath: false, distPath: { root: outDir } } } } },
    });
    const { stats, close } = await rsbuild.build();
    await close();
    if (!stats) return [];
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
    for (const chunk of json.chunks ?? []) {
      const file = chunk.files?.map((f) => path.basename(f)).find((f) => f.endsWith('.js') && wanted.has(stem(f)));
      if (!file) continue;
      for (const m of flatten(chunk.modules).filter((x) => x.name)) found.push({ name: displayName(m.name!), size: m.size ?? 0, chunk: file });
    }
    return found.sort((a, b) => b.size - a.size).slice(0, limit);
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

import path from 'node:path';
import { rspack, type RsbuildPlugin, type Rspack } from '@rsbuild/core';

/*
 * Parts of axios the client never uses but axios.js attaches to its default export, so no tree-shaking drops them:
 * each is swapped for a stub in scripts/axios-stubs/. Like the fetch adapter (axios-without-fetch-adapter.ts), a
 * rule that stops matching after an axios update fails the build instead of silently shipping the part again.
 */
const PARTS: { file: RegExp; stub: string }[] = [
  { file: /[\\/]axios[\\/]lib[\\/]helpers[\\/]HttpStatusCode\.js$/, stub: 'http-status-code.js' },
  { file: /[\\/]axios[\\/]lib[\\/]cancel[\\/]CancelToken\.js$/, stub: 'cancel-token.js' },
];

export function axiosWithoutUnusedParts(environment = 'web'): RsbuildPlugin {
  return {
    name: 'oa:axios-without-unused-parts',
    setup(api) {
      const stubDir = path.join(api.context.rootPath, 'scripts/axios-stubs');
      api.modifyRspackConfig((config, { environment: env }) => {
        if (env.name !== environment) return;
        const replaced = new Set<string>();
        config.plugins ??= [];
        for (const part of PARTS)
          config.plugins.push(
            new rspack.NormalModuleReplacementPlugin(part.file, (resolveData) => {
              if (resolveData.createData?.resource && part.file.test(resolveData.createData.resource)) {
                resolveData.createData.resource = path.join(stubDir, part.stub);
                replaced.add(part.stub);
              }
            }),
          );
        config.plugins.push({
          apply(compiler: Rspack.Compiler) {
            compiler.hooks.afterCompile.tap('oa:axios-without-unused-parts', (compilation) => {
              const hasAxios = [...compilation.modules].some((m) =>
                /[\\/]axios[\\/]lib[\\/]/.test(m.nameForCondition() ?? ''),
              );
              const missed = PARTS.filter((p) => !replaced.has(p.stub)).map((p) => p.stub);
              if (hasAxios && missed.length)
                compilation.errors.push(
                  new rspack.WebpackError(
                    `axios parts not replaced (${missed.join(', ')}): review scripts/axios-unused-parts.ts`,
                  ),
                );
            });
          },
        });
      });
    },
  };
}

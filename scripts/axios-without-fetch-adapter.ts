import fs from 'node:fs';
import path from 'node:path';
import { rspack, type RsbuildPlugin, type Rspack } from '@rsbuild/core';

/*
 * The client build replaces axios's fetch adapter with src/api/axios-fetch-adapter-off.js (see there why). This
 * depends on axios's file layout, so the build fails loudly when it changes instead of silently shipping the adapter.
 */

const FETCH_ADAPTER = /[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;

/** Throws unless axios (at axiosDir) still has lib/adapters/fetch.js, imported by adapters.js and read as getFetch. */
export function checkAxiosLayout(axiosDir: string): void {
  const adapters = path.join(axiosDir, 'lib/adapters/adapters.js');
  const fetchFile = path.join(axiosDir, 'lib/adapters/fetch.js');
  const fail = (why: string) => {
    throw new Error(`axios's layout changed (${why}): review scripts/axios-without-fetch-adapter.ts`);
  };
  if (!fs.existsSync(fetchFile)) fail('lib/adapters/fetch.js is missing');
  if (!fs.existsSync(adapters)) fail('lib/adapters/adapters.js is missing');
  const source = fs.readFileSync(adapters, 'utf8');
  if (!/import \* as (\w+) from '\.\/fetch\.js';/.test(source))
    fail("adapters.js no longer imports * from './fetch.js'");
  if (!/\bget: fetchAdapter\.getFetch\b/.test(source)) fail('adapters.js no longer reads fetchAdapter.getFetch');
  if (!/export const getFetch\b/.test(fs.readFileSync(fetchFile, 'utf8'))) fail('fetch.js no longer exports getFetch');
}

export function axiosWithoutFetchAdapter(stub: string, environment = 'web'): RsbuildPlugin {
  return {
    name: 'oa:axios-without-fetch-adapter',
    setup(api) {
      checkAxiosLayout(path.join(api.context.rootPath, 'node_modules/axios'));
      api.modifyRspackConfig((config, { environment: env }) => {
        if (env.name !== environment) return;
        let replaced = false;
        config.plugins ??= [];
        config.plugins.push(
          new rspack.NormalModuleReplacementPlugin(FETCH_ADAPTER, (resolveData) => {
            if (resolveData.createData?.resource && FETCH_ADAPTER.test(resolveData.createData.resource)) {
              resolveData.createData.resource = stub;
              replaced = true;
            }
          }),
          {
            apply(compiler: Rspack.Compiler) {
              compiler.hooks.afterCompile.tap('oa:axios-without-fetch-adapter', (compilation) => {
                // axios is in the build but its fetch adapter was not swapped: the replacement rule no longer matches
                const hasAxios = [...compilation.modules].some((m) =>
                  /[\\/]axios[\\/]lib[\\/]/.test(m.nameForCondition() ?? ''),
                );
                if (hasAxios && !replaced)
                  compilation.errors.push(
                    new rspack.WebpackError(
                      "axios's fetch adapter was not replaced: review scripts/axios-without-fetch-adapter.ts",
                    ),
                  );
              });
            },
          },
        );
      });
    },
  };
}

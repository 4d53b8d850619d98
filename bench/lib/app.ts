import path from 'node:path';
import { loginAs, startTestServer, type TestServer } from '../../tests/factories/test-server';

/** The real server on PGlite serving the built client, plus a logged-in demo user's uid. */
export async function startBenchApp(
  distDir = path.resolve(process.env.DIST_DIR ?? 'dist'),
): Promise<{ server: TestServer; uid: string }> {
  const server = await startTestServer({ driver: 'pglite', staticDir: distDir });
  const uid = await loginAs(server.baseUrl, 'zhangsan', '123456');
  return { server, uid };
}

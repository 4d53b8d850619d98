// The floor of the PGlite mixed load: the simplest server that answers from PGlite, in its own process as the app's
// is. Fastify with no plugin and one route running `select 1` on a fresh PGlite in memory. Prints its address.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const db = await PGlite.create();
const app = Fastify({ logger: false });
app.get('/floor', async () => {
  await db.query('select 1');
  return { code: 200, msg: '', data: null };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${address}`);
const stop = () => void app.close().then(() => db.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL into server/db/migrations (committed); the server applies it on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});

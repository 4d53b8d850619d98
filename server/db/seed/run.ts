// `npm run seed`: seeds the demo organisation into DATABASE_URL (or the embedded database) on request.
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedDemo } from './index';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const seeded = await seedDemo(database.db);
    console.log(
      seeded
        ? '演示数据已写入 (demo organisation seeded)'
        : '数据库中已有用户，跳过演示数据 (already seeded, nothing changed)',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

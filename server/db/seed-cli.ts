import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { seedDemoStore } from './seed.ts';

// `npm run seed`: applies migrations and writes the demo store. Safe to run again.
const config = loadConfig(process.env);
const handle = await openDatabase(config);
try {
  await handle.migrate();
  await seedDemoStore(handle.db);
  process.stdout.write(`Seeded the demo store (${handle.kind}).\n`);
} finally {
  await handle.close();
}

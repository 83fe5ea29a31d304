import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { seedDemoStore } from './seed.ts';
import { seedLargeCatalogue } from './seed-commerce.ts';

// `npm run seed`: applies migrations and writes the demo store. Safe to run again.
// `npm run seed -- --products 10000` also generates that many extra products (benchmarks).
const { values } = parseArgs({ options: { products: { type: 'string' } } });
const extra = values.products === undefined ? 0 : Number(values.products);
if (!Number.isInteger(extra) || extra < 0) {
  process.stderr.write('--products must be a whole number\n');
  process.exit(1);
}
const config = loadConfig(process.env);
const handle = await openDatabase(config);
try {
  await handle.migrate();
  await seedDemoStore(handle.db);
  if (extra > 0) await seedLargeCatalogue(handle.db, extra);
  process.stdout.write(
    `Seeded the demo store (${handle.kind})${extra ? ` with ${extra} generated products` : ''}.\n`,
  );
} finally {
  await handle.close();
}

import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { type ProductListFilter, productListFilterSchema } from '../core/product-list-filter.ts';
import { staff } from '../server/backoffice/schema.ts';
import { createCatalogueAdmin } from '../server/commerce/catalogue-admin.ts';
import { createCatalogueCsv } from '../server/commerce/catalogue-csv.ts';
import { createStock } from '../server/commerce/stock.ts';
import type { DatabaseHandle } from '../server/db/database.ts';
import { seedBulkProducts } from '../server/seed/bulk-catalogue.ts';
import { seedReferenceData } from '../server/seed/seed.ts';
import { seedCommerce } from '../server/seed/seed-commerce.ts';
import { onEachDatabase, percentile, print, round, rows } from './lib/database-bench.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const STOCK_ROWS = Number(process.env.BENCH_STOCK_ROWS ?? 10_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const TARGET_MS = 50;
const IMPORT_TARGET_S = 30;

const report: Record<string, unknown> = {
  products: PRODUCTS,
  stock_rows: STOCK_ROWS,
  iterations: ITERATIONS,
  cores: cpus().length,
  load_start: Number(loadavg()[0]!.toFixed(2)),
  target_p95_ms: TARGET_MS,
  target_import_s: IMPORT_TARGET_S,
};

async function run(handle: DatabaseHandle): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  let started = performance.now();
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedCommerce(handle.db);
  await seedBulkProducts(handle.db, { count: PRODUCTS });
  await handle.db.execute(sql`analyze`);
  const [counts] = await rows<{ products: number; variants: number }>(
    handle,
    sql`select (select count(*) from products)::int as products, (select count(*) from variants)::int as variants`,
  );
  figures.seed_s = round((performance.now() - started) / 1000);
  figures.catalogue = counts;
  print(`  seeded ${counts!.products} products, ${counts!.variants} variants in ${figures.seed_s} s`);

  const admin = createCatalogueAdmin(handle.db);
  const [middle] = await rows<{ id: number }>(
    handle,
    sql`select id from products order by id offset ${Math.floor(counts!.products / 2)} limit 1`,
  );
  const [category] = await rows<{ id: number }>(
    handle,
    sql`select category_id as id from products group by 1 order by count(*) desc limit 1`,
  );
  const prefixes = Array.from({ length: 50 }, (_, i) => `bulk-${1 + ((i * 197) % PRODUCTS)}`);
  const words = ['summit', 'powder', 'ridge', 'trail', 'alpine', 'gaiter', 'beanie'];
  let n = 0;
  const next = <T>(list: readonly T[]): T => list[n++ % list.length]!;

  const scenarios: [string, () => Record<string, unknown>][] = [
    ['first page (50)', () => ({})],
    ['later keyset page (50, middle of the list)', () => ({ after: middle!.id })],
    ['filtered: largest category', () => ({ category: category!.id })],
    ['filtered: low stock', () => ({ stock: 'low' })],
    ['filtered: sold out', () => ({ stock: 'out' })],
    ['filtered: on sale now, published', () => ({ onSale: 'yes', published: 'yes' })],
    ['filtered: new, category, in stock', () => ({ isNew: 'yes', category: category!.id, stock: 'in' })],
    ['search: SKU prefix', () => ({ q: next(prefixes) })],
    ['search: word of the name', () => ({ q: next(words) })],
    ['search: name nobody has', () => ({ q: 'Zebediah' })],
  ];
  const latency: Record<string, { p50: number; p95: number; max: number }> = {};
  for (const [name, input] of scenarios) {
    const filter = (): ProductListFilter => productListFilterSchema.parse(input());
    for (let i = 0; i < 5; i++) await admin.list(filter());
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const value = filter();
      const start = performance.now();
      await admin.list(value);
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    latency[name] = {
      p50: round(percentile(samples, 50)),
      p95: round(percentile(samples, 95)),
      max: round(samples.at(-1)!),
    };
    const status = latency[name].p95 <= TARGET_MS ? 'ok' : 'OVER TARGET';
    print(
      `  ${name.padEnd(46)} p50 ${String(latency[name].p50).padStart(6)} ms  p95 ${String(latency[name].p95).padStart(6)} ms  ${status}`,
    );
  }
  figures.latency_ms = latency;

  let backInStock = 0;
  const csv = createCatalogueCsv(
    handle.db,
    createStock(handle.db, {
      onBackInStock: async (changes) => {
        backInStock += changes.length;
      },
    }),
  );
  started = performance.now();
  let bytes = 0;
  for await (const chunk of csv.exportChunks()) bytes += Buffer.byteLength(chunk);
  figures.export = { seconds: round((performance.now() - started) / 1000), megabytes: round(bytes / 1e6) };
  print(`  CSV export of every variant: ${JSON.stringify(figures.export)}`);

  // A stock count of STOCK_ROWS generated variants: every level moves (sold-out ones come back).
  const stock = await rows<{ sku: string; level: number }>(
    handle,
    sql`select sku, inventory_level as level from variants where sku like 'BULK-%' order by id limit ${STOCK_ROWS}`,
  );
  const file = `variant_sku,stock\n${stock.map((row) => `${row.sku},${Number(row.level) + 3}`).join('\n')}\n`;
  const [member] = await handle.db
    .insert(staff)
    .values({ email: 'bench@ridgeline.example', name: 'Bench', role: 'merchandiser', passwordHash: 'x' })
    .returning();
  started = performance.now();
  const dry = await csv.dryRun(file);
  const drySeconds = round((performance.now() - started) / 1000);
  started = performance.now();
  const result = await csv.import({ staffId: member!.id, email: member!.email }, file, {
    fileName: 'bench.csv',
  });
  const importSeconds = round((performance.now() - started) / 1000);
  figures.import = {
    rows: stock.length,
    dry_run_s: drySeconds,
    import_s: importSeconds,
    changes: dry.changes.length,
    written: result.written,
    stock_changes: result.stockChanges,
    back_in_stock: backInStock,
    errors: result.errors.length,
  };
  print(
    `  import of ${stock.length} stock rows: dry run ${drySeconds} s, import ${importSeconds} s (${result.stockChanges} changes, ${backInStock} back in stock)  ${importSeconds <= IMPORT_TARGET_S && result.written ? 'ok' : 'OVER TARGET'}`,
  );
  return figures;
}

print(
  `Back-office catalogue benchmark: ${PRODUCTS} generated products, ${ITERATIONS} sequential calls per scenario, ${report.cores} cores, load ${report.load_start}`,
);
await onEachDatabase(report, run);
report.load_end = Number(loadavg()[0]!.toFixed(2));
print(`\nBENCH_JSON ${JSON.stringify(report)}`);

import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type OrderFilterInput, orderFilterSchema } from '../core/order-filter-schema.ts';
import { createOrderQueries, orderListSql } from '../server/commerce/order-queries.ts';
import type { DatabaseHandle } from '../server/db/database.ts';
import { seedOrderHistory } from '../server/seed/order-history.ts';
import { seedReferenceData } from '../server/seed/seed.ts';
import { seedCommerce } from '../server/seed/seed-commerce.ts';
import { onEachDatabase, percentile, print, round, rows } from './lib/database-bench.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const TARGET_MS = 50;

const report: Record<string, unknown> = {
  orders: ORDERS,
  iterations: ITERATIONS,
  cores: cpus().length,
  load_start: Number(loadavg()[0]!.toFixed(2)),
  target_p95_ms: TARGET_MS,
};

async function run(handle: DatabaseHandle): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  let started = performance.now();
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedCommerce(handle.db);
  const written = await seedOrderHistory(handle.db, { count: ORDERS, days: 365 });
  await handle.db.execute(sql`analyze`);
  figures.seed_s = round((performance.now() - started) / 1000);
  figures.orders_written = written;
  print(`  seeded ${written} orders in ${figures.seed_s} s`);

  const queries = createOrderQueries(handle.db);
  // Search inputs drawn from the data: numbers across the range, email prefixes and names that exist.
  const [range] = await rows<{ min: number; max: number }>(
    handle,
    sql`select min(id) as min, max(id) as max from orders`,
  );
  const sample = await rows<{ email: string; first: string; last: string }>(
    handle,
    sql`select email, billing_address->>'first_name' as first, billing_address->>'last_name' as last
      from orders order by id limit 50 offset 100`,
  );
  const [deep] = await rows<{ micros: string; id: number }>(
    handle,
    sql`select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id from orders
      order by created_at desc, id desc offset ${Math.floor(ORDERS / 2)} limit 1`,
  );
  const deepCursor = `${deep!.micros}-${deep!.id}`;
  let n = 0;
  const next = <T>(list: readonly T[]): T => list[n++ % list.length]!;
  const numbers = Array.from({ length: 50 }, (_, i) =>
    String(Number(range!.min) + Math.floor(((Number(range!.max) - Number(range!.min)) * i) / 49)),
  );

  const scenarios: [string, () => OrderFilterInput][] = [
    ['first page (50)', () => ({})],
    ['deep keyset page (50, middle of the list)', () => ({ after: deepCursor })],
    ['filtered: status Completed, region us', () => ({ status: ['10'], region: 'us' })],
    ['filtered: awaiting payment', () => ({ status: ['7'] })],
    [
      'filtered: cash on delivery, last 30 days',
      () => ({ paymentMethod: 'cash_on_delivery', from: dayAgo(30) }),
    ],
    ['search: order number', () => ({ q: next(numbers) })],
    [
      'search: email prefix (firstname.l)',
      () => {
        const { email } = next(sample);
        return { q: email.slice(0, email.indexOf('.') + 2) };
      },
    ],
    ['search: full email', () => ({ q: next(sample).email })],
    ['search: name (first last)', () => ({ q: `${next(sample).first} ${next(sample).last}` })],
    ['search: one name', () => ({ q: next(sample).last })],
    ['search: name nobody has (full scan)', () => ({ q: 'Zebediah' })],
  ];

  const plans: Record<string, string> = {};
  const latency: Record<string, { p50: number; p95: number; max: number }> = {};
  for (const [name, filter] of scenarios) {
    for (let i = 0; i < 5; i++) await queries.list(filter());
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const input = filter();
      const start = performance.now();
      await queries.list(input);
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
    plans[name] = await planOf(handle, filter());
  }
  figures.latency_ms = latency;

  started = performance.now();
  let bytes = 0;
  let lines = 0;
  const reader = queries.exportCsv({}).getReader();
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    bytes += chunk.value.byteLength;
    for (const byte of chunk.value) if (byte === 10) lines++;
  }
  figures.csv_export = {
    seconds: round((performance.now() - started) / 1000),
    rows: lines - 1,
    megabytes: round(bytes / 1e6),
  };
  print(`  CSV export of every order: ${JSON.stringify(figures.csv_export)}`);
  if (process.env.BENCH_PLANS !== '0')
    for (const [name, plan] of Object.entries(plans)) print(`\n  plan: ${name}\n${plan}`);
  figures.plans = plans;
  return figures;
}

function dayAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** The plan of the list's query for a filter (which index it uses), from the engine's own SQL. */
async function planOf(handle: DatabaseHandle, input: OrderFilterInput): Promise<string> {
  const filter = orderFilterSchema.parse(input);
  const query = new PgDialect().sqlToQuery(orderListSql(filter, filter.limit + 1));
  // Inline the parameters (bench only, values from the data above) so EXPLAIN plans with them.
  const inlined = query.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = query.params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
  const plan = await rows<Record<string, string>>(handle, sql.raw(`explain ${inlined}`));
  return plan.map((row) => `    ${Object.values(row)[0]}`).join('\n');
}

print(
  `Back-office orders benchmark: ${ORDERS} orders, ${ITERATIONS} sequential calls per scenario, ${report.cores} cores, load ${report.load_start}`,
);
await onEachDatabase(report, run);
report.load_end = Number(loadavg()[0]!.toFixed(2));
print(`\nBENCH_JSON ${JSON.stringify(report)}`);

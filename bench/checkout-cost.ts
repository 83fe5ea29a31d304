/**
 * `npm run bench:checkout` (issue 42 #1): what one checkout costs the server. Sequential orders on the demo store
 * through the engine, as the checkout form places them, with the store's order-confirmation mail subscribed (written
 * to a temporary outbox as on a fresh machine). For each order: the time until the answer, the SQL statements
 * run until the answer, and the statements and time of the work after it (the confirmation mail) until the mail
 * is written. Prints a table and a last `BENCH_JSON {...}` line.
 *
 *   BENCH_ITERATIONS=200     orders per database (default 200; --quick runs 40)
 *   BENCH_DATABASE_URL=…     PostgreSQL too (a database created and dropped for the run); BENCH_TARGETS picks
 *
 * Statements are counted from Drizzle's query log (every statement the services send, `begin`/`commit` of a
 * transaction not included).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { catalogueProductId } from '../seed/catalogue/index.ts';
import { createCommerce } from '../server/commerce/index.ts';
import { variants } from '../server/commerce/schema-catalogue.ts';
import type { DatabaseHandle } from '../server/db/database.ts';
import { createOutboxMailer } from '../server/mail/mailer.ts';
import { subscribeMail } from '../server/mail/subscribers.ts';
import { seedDemoStore } from '../server/seed/seed.ts';
import { onEachDatabase, percentile, print, round } from './lib/database-bench.ts';

const ITERATIONS = process.argv.includes('--quick') ? 40 : Number(process.env.BENCH_ITERATIONS ?? 200);

const ADDRESS = {
  first_name: 'Cole',
  last_name: 'Counter',
  address1: '5 Ledger Lane',
  city: 'Bend',
  state_or_province: 'OR',
  postal_code: '97701',
  country_code: 'US',
};

/** Counts the statements Drizzle sends on `db` (its session's logger, which every transaction's session shares). */
function countStatements(handle: DatabaseHandle): () => number {
  let count = 0;
  const logger = { logQuery: () => void count++ };
  const session = (handle.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } })
    .session;
  session.logger = logger;
  session.options.logger = logger;
  return () => count;
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
  };
};

async function run(handle: DatabaseHandle): Promise<Record<string, unknown>> {
  await handle.migrate();
  await seedDemoStore(handle.db);
  const commerce = createCommerce(handle.db);
  const outbox = mkdtempSync(join(tmpdir(), 'checkout-cost-'));
  subscribeMail({
    commerce,
    mailer: createOutboxMailer({ from: 'Ridgeline <orders@ridgeline.example>', outboxDir: outbox }),
    origin: 'https://shop.example.com',
  });
  const mailsWritten = () => readdirSync(outbox).filter((file) => file.endsWith('.eml')).length;
  const statements = countStatements(handle);
  const gaiter = catalogueProductId('ridgeline-trail-gaiter');
  const pole = catalogueProductId('ridgeline-trail-pole-3');
  const stocked = async (productId: number) => {
    const [row] = await handle.db.select().from(variants).where(eq(variants.productId, productId)).limit(1);
    await handle.db.update(variants).set({ inventoryLevel: 1_000_000 }).where(eq(variants.id, row!.id));
    return row!.id;
  };
  const lines = [
    { product_id: gaiter, variant_id: await stocked(gaiter), quantity: 1 },
    { product_id: pole, variant_id: await stocked(pole), quantity: 2 },
  ];
  const [method] = await commerce.checkout.shippingOptions('us', 100, null);
  const samples = {
    answer_ms: [] as number[],
    answer_statements: [] as number[],
    after_ms: [] as number[],
    after_statements: [] as number[],
  };
  try {
    for (let n = -5; n < ITERATIONS; n++) {
      const cart = await commerce.carts.create('us', null, lines);
      const before = mailsWritten();
      const counted = statements();
      const started = performance.now();
      await commerce.checkout.placeOrder({
        cartId: cart.id,
        customerId: null,
        email: `cost-${n + 5}@example.com`,
        shippingAddress: ADDRESS,
        billingAddress: null,
        shippingMethodId: method!.id,
        paymentMethod: 'bank_transfer',
        idempotencyKey: randomUUID(),
        locale: 'en-us',
      });
      const answered = performance.now();
      const inAnswer = statements() - counted;
      // The confirmation mail: already written when the answer waited for it, or written after it.
      while (mailsWritten() === before) await new Promise((resolve) => setTimeout(resolve, 1));
      const mailed = performance.now();
      // Whatever follows the mail's file (marking it sent) settles before the next order starts.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (n < 0) continue; // warm-up: prepared statements and read caches
      samples.answer_ms.push(answered - started);
      samples.answer_statements.push(inAnswer);
      samples.after_ms.push(mailed - answered);
      samples.after_statements.push(statements() - counted - inAnswer);
    }
  } finally {
    rmSync(outbox, { recursive: true, force: true });
  }
  const figures = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, stats(list)]));
  print(`  until the answer:   p50 ${figures.answer_ms!.p50} ms, p95 ${figures.answer_ms!.p95} ms, `);
  print(`                      ${figures.answer_statements!.mean} statements (mean)`);
  print(
    `  after the answer:   mail written p50 ${figures.after_ms!.p50} ms later, p95 ${figures.after_ms!.p95} ms,`,
  );
  print(`                      ${figures.after_statements!.mean} statements (mean)`);
  return figures;
}

const report: Record<string, unknown> = {
  iterations: ITERATIONS,
  cores: cpus().length,
  load_start: Number(loadavg()[0]!.toFixed(2)),
};
print(
  `Checkout cost: ${ITERATIONS} sequential guest orders of two lines, ${report.cores} cores, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
await onEachDatabase(report, run);
report.load_end = Number(loadavg()[0]!.toFixed(2));
print(`\nload average at the end ${report.load_end}`);
print(`\nBENCH_JSON ${JSON.stringify(report)}`);
process.exit(0);

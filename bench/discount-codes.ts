/**
 * `npm run bench:codes` (issue 41): what a discount code costs a shopper. On the demo store, sequential calls of
 * the engine as the cart page and checkout make them: the cart priced with and without a code (every view of a
 * cart with a code evaluates it again), entering the code against adding a line (the cart write it is compared
 * with; both count against nothing else), and checkout with the code (its row locked, its use counted) against
 * checkout without. Prints a table and a last `BENCH_JSON {...}` line (bench/run.ts's `codes` part).
 *
 *   BENCH_ITERATIONS=200     calls per scenario (default 200; --quick runs 50)
 *   BENCH_DATABASE_URL=…     PostgreSQL too (a database created and dropped for the run); BENCH_TARGETS picks
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import { catalogueProductId } from '../seed/catalogue/index.ts';
import { type Commerce, createCommerce } from '../server/commerce/index.ts';
import { variants } from '../server/commerce/schema-catalogue.ts';
import { discountCodes } from '../server/commerce/schema-discounts.ts';
import type { DatabaseHandle } from '../server/db/database.ts';
import { seedDemoStore } from '../server/seed/seed.ts';
import { onEachDatabase, percentile, print, round } from './lib/database-bench.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
/** With a code, a call may cost this much more than without (p95 ratio) and still meet the goal. */
const MAX_RATIO = 1.5;
/** ...or this many milliseconds more, whichever is larger: sub-millisecond calls have noisy ratios. */
const SLACK_MS = 2;

const ADDRESS = {
  first_name: 'Bea',
  last_name: 'Bench',
  address1: 'Bergstraße 12',
  city: 'Garmisch-Partenkirchen',
  postal_code: '82467',
  country_code: 'DE',
};

async function time<T>(samples: number[], call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await call();
  samples.push(performance.now() - started);
  return result;
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), n: sorted.length };
};

async function run(handle: DatabaseHandle): Promise<Record<string, unknown>> {
  await handle.migrate();
  await seedDemoStore(handle.db);
  // The shopper's real throttle, with room for every call of the run (one client makes them all here).
  const commerce: Commerce = createCommerce(handle.db, {
    accountLimits: {
      windowSeconds: 900,
      loginPerIp: ITERATIONS * 10,
      loginPerEmail: 10,
      signupPerIp: 10,
      signupPerEmail: 3,
    },
  });
  await handle.db
    .update(discountCodes)
    .set({ usageLimit: ITERATIONS * 10, perCustomerLimit: null })
    .where(eq(discountCodes.code, 'WINTER10'));
  const gaiter = catalogueProductId('ridgeline-trail-gaiter');
  const pole = catalogueProductId('ridgeline-trail-pole-3');
  const firstVariant = async (productId: number) => {
    const [row] = await handle.db.select().from(variants).where(eq(variants.productId, productId)).limit(1);
    await handle.db.update(variants).set({ inventoryLevel: 1_000_000 }).where(eq(variants.id, row!.id));
    return row!.id;
  };
  const gaiterVariant = await firstVariant(gaiter);
  const poleVariant = await firstVariant(pole);
  const [method] = await commerce.checkout.shippingOptions('eu_region_1', 50, null);
  const throttle = () => commerce.discountCodeThrottle('198.51.100.7');
  const newCart = () =>
    commerce.carts.create('eu_region_1', null, [
      { product_id: gaiter, variant_id: gaiterVariant, quantity: 1 },
    ]);
  const checkout = (cartId: string, n: number, tag: string) =>
    commerce.checkout.placeOrder({
      cartId,
      customerId: null,
      email: `bench-${tag}-${n}@example.com`,
      shippingAddress: ADDRESS,
      billingAddress: null,
      shippingMethodId: method!.id,
      paymentMethod: 'bank_transfer',
      idempotencyKey: randomUUID(),
    });

  const samples = {
    view_without: [] as number[],
    view_with: [] as number[],
    add_line: [] as number[],
    add_code: [] as number[],
    checkout_without: [] as number[],
    checkout_with: [] as number[],
  };
  // Warm the prepared statements and caches of both paths before anything is counted.
  for (let n = 0; n < 5; n++) {
    const cart = await newCart();
    await commerce.carts.applyCode(cart.id, 'winter10', throttle);
    await checkout(cart.id, n, 'warm');
  }
  for (let n = 0; n < ITERATIONS; n++) {
    // Interleaved, so a drift of the machine's load touches both sides alike.
    const plain = await newCart();
    await time(samples.add_line, () =>
      commerce.carts.addItems(plain.id, [{ product_id: pole, variant_id: poleVariant, quantity: 1 }]),
    );
    await time(samples.view_without, () => commerce.carts.get(plain.id));
    await time(samples.checkout_without, () => checkout(plain.id, n, 'plain'));

    const coded = await newCart();
    await commerce.carts.addItems(coded.id, [{ product_id: pole, variant_id: poleVariant, quantity: 1 }]);
    const applied = await time(samples.add_code, () =>
      commerce.carts.applyCode(coded.id, 'winter10', throttle),
    );
    if (!applied.discount_code?.applied) throw new Error('WINTER10 did not apply');
    await time(samples.view_with, () => commerce.carts.get(coded.id));
    await time(samples.checkout_with, () => checkout(coded.id, n, 'coded'));
  }
  const figures = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, stats(list)]));
  for (const [name, figure] of Object.entries(figures))
    print(
      `  ${name.padEnd(20)} p50 ${String(figure.p50).padStart(6)} ms  p95 ${String(figure.p95).padStart(6)} ms`,
    );
  return figures;
}

const report: Record<string, unknown> = {
  iterations: ITERATIONS,
  cores: cpus().length,
  load_start: Number(loadavg()[0]!.toFixed(2)),
};
print(`Discount-code benchmark: ${ITERATIONS} sequential calls per scenario, ${report.cores} cores`);
await onEachDatabase(report, run);
report.load_end = Number(loadavg()[0]!.toFixed(2));

type Figures = Record<string, { p95: number }>;
const goals: { item: string; figure: string; goal: string; met: boolean }[] = [];
for (const [target, figures] of Object.entries(report).filter(([key]) =>
  ['pglite', 'postgres'].includes(key),
)) {
  const f = figures as Figures;
  for (const [item, withCode, without] of [
    ['cart view with a code vs without', 'view_with', 'view_without'],
    ['enter a code vs add a line', 'add_code', 'add_line'],
    ['checkout with a code vs without', 'checkout_with', 'checkout_without'],
  ] as const) {
    const a = f[withCode]!.p95;
    const b = f[without]!.p95;
    goals.push({
      item: `${item} (${target})`,
      figure: `p95 ${a} ms vs ${b} ms`,
      goal: `≤ ${MAX_RATIO}× or +${SLACK_MS} ms`,
      met: a <= Math.max(b * MAX_RATIO, b + SLACK_MS),
    });
  }
}
report.goals = goals;
print(`\nBENCH_JSON ${JSON.stringify(report)}`);
process.exit(0);

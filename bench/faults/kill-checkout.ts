/**
 * kill -9 during checkouts (issue 10, faults): `tsx bench/faults/kill-checkout.ts [--rounds 20] [--shoppers 200]
 * [--quick] [--pg-port 5432]` (build first).
 *
 * A temporary PostgreSQL database (ridgeline_fault_*) with the demo store; a few variants get a known stock.
 * Each round, `--shoppers` shoppers get a session (GET /api/session), a cart (POST /api/cart/create), open the
 * checkout page (its csrf token, idempotency key and shipping methods), then all post the checkout form at
 * once; the server gets SIGKILL while those posts are in flight, and is started again. Then, straight from the
 * database:
 *   - every order is whole: it has its lines, its subtotal is the sum of its lines, its cart is gone, and a
 *     shopper without an order still has the cart as it was (nothing half-written);
 *   - every order a shopper was told about (303 to the confirmation page) exists;
 *   - for every variant, stock == initial stock − items of the orders placed;
 * then the shoppers whose post was cut off send the very same form again, as a browser retry would, and the
 * checks run again (one order per idempotency key, at most).
 */
import pg from 'pg';
import {
  checkoutForm,
  fixed,
  loadAverage,
  options,
  pgTargetFrom,
  postCheckout as post,
  requireBuild,
  runMain,
  type ServerProcess,
  say,
  shopperSession,
  sleep,
  startServer,
  tempDatabase,
} from './lib.ts';

const VARIANTS = 4;

type Outcome = 'placed' | 'refused' | 'shed' | 'lost' | 'other';

interface Shopper {
  cookie: string;
  cartId: string;
  form: URLSearchParams;
  key: string;
  items: Map<number, number>;
  outcome?: Outcome;
  orderId?: number;
}

/** A shopper with a session, a cart and the checkout form filled in (nothing posted yet). */
async function prepareShopper(
  base: string,
  n: number,
  choices: { productId: number; variantId: number }[],
): Promise<Shopper | null> {
  const { cookie, csrf } = await shopperSession(base);
  const items = new Map<number, number>();
  const lines = [];
  const count = 1 + (n % 2);
  for (let i = 0; i < count; i++) {
    const choice = choices[(n + i * 3) % choices.length]!;
    if (items.has(choice.variantId)) continue;
    const quantity = 1 + ((n * 7 + i) % 3);
    items.set(choice.variantId, quantity);
    lines.push({ product_id: choice.productId, variant_id: choice.variantId, quantity });
  }
  const created = await fetch(`${base}/api/cart/create`, {
    method: 'POST',
    headers: { cookie, region: 'us', 'csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ line_items: lines }),
  });
  // Sold out before the checkout even starts: this shopper sits the round out.
  if (created.status === 409) return null;
  if (created.status !== 201)
    throw new Error(`cart/create answered ${created.status}: ${await created.text()}`);
  const cart = (await created.json()) as { data: { id: string } };
  const form = await checkoutForm(base, cookie, {
    email: `shopper${n}@example.com`,
    firstName: 'Kim',
    lastName: 'Fault',
  });
  return { cookie, cartId: cart.data.id, form, key: form.get('idempotency_key')!, items };
}

const OUTCOMES = {
  order: 'placed',
  'sold-out': 'refused',
  refused: 'refused',
  '503': 'shed',
  other: 'other',
  lost: 'lost',
} as const satisfies Record<string, Outcome>;

async function postCheckout(base: string, shopper: Shopper): Promise<void> {
  const answer = await post(base, shopper.cookie, shopper.form);
  shopper.outcome = OUTCOMES[answer.outcome];
  if (answer.orderId !== undefined) shopper.orderId = answer.orderId;
}

interface Check {
  orders: number;
  /** Idempotency keys that have an order. */
  keys: Set<string>;
  problems: string[];
}

/** The database after a crash: whole orders, acknowledged orders present, stock accounted for. */
async function verify(
  client: pg.Client,
  baselineOrderId: number,
  initialStock: Map<number, number>,
  shoppers: Shopper[],
): Promise<Check> {
  const problems: string[] = [];
  const orders = await client.query<{
    id: number;
    key: string;
    subtotal: string;
    lines: number;
    sum: string;
  }>(
    `select o.id, o.idempotency_key as key, o.subtotal, count(i.id)::int as lines,
            coalesce(sum(i.price * i.quantity), 0) as sum
       from orders o left join order_items i on i.order_id = o.id
      where o.id > $1 group by o.id`,
    [baselineOrderId],
  );
  const byKey = new Map(orders.rows.map((row) => [row.key, row]));
  for (const row of orders.rows) {
    if (row.lines === 0) problems.push(`order ${row.id} has no lines`);
    if (Math.round(Number(row.sum) * 100) !== Math.round(Number(row.subtotal) * 100))
      problems.push(`order ${row.id}: lines sum to ${row.sum}, subtotal ${row.subtotal}`);
  }
  const orphans = await client.query(
    'select count(*)::int as n from order_items i left join orders o on o.id = i.order_id where o.id is null',
  );
  if (orphans.rows[0].n > 0) problems.push(`${orphans.rows[0].n} order lines without an order`);
  const keys = await client.query(
    'select idempotency_key, count(*)::int as n from orders where id > $1 group by 1 having count(*) > 1',
    [baselineOrderId],
  );
  for (const row of keys.rows) problems.push(`idempotency key ${row.idempotency_key} has ${row.n} orders`);

  const carts = await client.query<{ id: string; variant_id: number; quantity: number }>(
    'select c.id, i.variant_id, i.quantity from carts c join cart_items i on i.cart_id = c.id where c.id = any($1)',
    [shoppers.map((shopper) => shopper.cartId)],
  );
  const cartLines = new Map<string, Map<number, number>>();
  for (const row of carts.rows) {
    const lines = cartLines.get(row.id) ?? new Map<number, number>();
    lines.set(row.variant_id, row.quantity);
    cartLines.set(row.id, lines);
  }
  for (const shopper of shoppers) {
    const order = byKey.get(shopper.key);
    const cart = cartLines.get(shopper.cartId);
    if (shopper.outcome === 'placed' && order?.id !== shopper.orderId)
      problems.push(`shopper told order ${shopper.orderId} but the database has ${order?.id ?? 'none'}`);
    if (order && cart) problems.push(`order ${order.id} placed but its cart ${shopper.cartId} still open`);
    if (!order) {
      if (!cart) problems.push(`no order for key ${shopper.key} and its cart is gone`);
      else
        for (const [variant, quantity] of shopper.items)
          if (cart.get(variant) !== quantity)
            problems.push(
              `cart ${shopper.cartId} changed without an order (${variant}: ${cart.get(variant)})`,
            );
    }
  }

  const stock = await client.query<{ id: number; level: number; sold: number }>(
    `select v.id, v.inventory_level as level,
            coalesce((select sum(i.quantity) from order_items i where i.variant_id = v.id and i.order_id > $1), 0)::int as sold
       from variants v`,
    [baselineOrderId],
  );
  for (const row of stock.rows) {
    const initial = initialStock.get(row.id);
    if (initial === undefined) continue;
    if (row.level !== initial - row.sold)
      problems.push(`variant ${row.id}: stock ${row.level} ≠ ${initial} − ${row.sold} sold`);
    if (row.level < 0) problems.push(`variant ${row.id}: negative stock ${row.level}`);
  }
  return { orders: orders.rows.length, keys: new Set(byKey.keys()), problems };
}

async function main(): Promise<boolean> {
  requireBuild();
  const values = options({
    rounds: { type: 'string', default: '20' },
    shoppers: { type: 'string', default: '200' },
  });
  const quick = values.quick === true;
  const rounds = quick ? 3 : Number(values.rounds);
  const shoppersPerRound = quick ? 60 : Number(values.shoppers);
  // Enough stock that most rounds sell, little enough that the last rounds also meet 'sold out'.
  const stockPerVariant = quick ? 150 : 4000;
  const target = pgTargetFrom(values);
  say(`kill -9 during checkouts: ${rounds} rounds × ${shoppersPerRound} concurrent checkouts`);
  say(`PostgreSQL ${target.host}:${target.port}; load average ${loadAverage()}`);

  const database = await tempDatabase(target);
  const env = {
    DATABASE_URL: database.url,
    PAGE_CACHE: 'false',
    // Every checkout should reach the database; shedding is slow-db's subject.
    DATABASE_POOL_MAX_WAITING: '2000',
    DATABASE_CONNECT_TIMEOUT_MS: '30000',
    SEARCH_SYNC_INTERVAL_MS: '0',
  };
  let server: ServerProcess = await startServer(env);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const picked = await client.query<{ product_id: number; variant_id: number }>(
      `select p.id as product_id, min(v.id) as variant_id
         from products p join variants v on v.product_id = p.id
         join product_prices pp on pp.product_id = p.id and pp.region_id = 'us'
        where p.inventory_tracking <> 'none' and p.availability = 'available' and p.is_visible
          and not v.purchasing_disabled
        group by p.id order by p.id limit $1`,
      [VARIANTS],
    );
    const choices = picked.rows.map((row) => ({ productId: row.product_id, variantId: row.variant_id }));
    if (choices.length < VARIANTS) throw new Error('the demo store has too few stocked variants');
    await client.query('update variants set inventory_level = $1 where id = any($2)', [
      stockPerVariant,
      choices.map((choice) => choice.variantId),
    ]);
    const initialStock = new Map(
      (
        await client.query<{ id: number; level: number }>('select id, inventory_level as level from variants')
      ).rows.map((row) => [row.id, row.level]),
    );
    const baselineOrderId = Number(
      (await client.query('select coalesce(max(id), 0)::int as id from orders')).rows[0].id,
    );
    say(
      `${choices.length} variants (${choices.map((choice) => choice.variantId).join(', ')}) at ${stockPerVariant} units each\n`,
    );
    say(
      ' round  killed at ms (answered)  placed  refused  shed  lost (committed)  retried→placed  orders  restart s  problems',
    );

    const totals = {
      committedUnseen: 0,
      placed: 0,
      refused: 0,
      shed: 0,
      lost: 0,
      other: 0,
      retriedPlaced: 0,
      problems: 0,
    };
    let restartSeconds = 0;
    for (let round = 1; round <= rounds; round++) {
      const shoppers: Shopper[] = [];
      for (let start = 0; start < shoppersPerRound; start += 20) {
        const batch = Array.from({ length: Math.min(20, shoppersPerRound - start) }, (_, i) =>
          prepareShopper(server.url, round * 1000 + start + i, choices),
        );
        for (const shopper of await Promise.all(batch)) if (shopper) shoppers.push(shopper);
      }
      // All post at once. Odd rounds: the server dies at a random moment of the burst (often mid-transaction);
      // even rounds: once a random share of the posts has been answered (often while answers are written).
      const byTime = round % 2 === 1;
      const killAfter = Math.floor(shoppersPerRound * (0.1 + Math.random() * 0.6));
      const killAtMs = 50 + Math.random() * 1500;
      let answered = 0;
      let killedAt = -1;
      let killedMs = 0;
      const victim = server;
      const postsStarted = performance.now();
      const kill = () => {
        if (killedAt >= 0) return;
        killedAt = answered;
        killedMs = performance.now() - postsStarted;
        victim.child.kill('SIGKILL');
      };
      const timer = setTimeout(kill, byTime ? killAtMs : 30_000);
      await Promise.all(
        shoppers.map((shopper) =>
          postCheckout(victim.url, shopper).then(() => {
            answered++;
            if (!byTime && answered >= killAfter) kill();
          }),
        ),
      );
      clearTimeout(timer);
      kill();
      await victim.stop('SIGKILL');
      const restartStarted = performance.now();
      server = await startServer(env, { port: victim.port });
      restartSeconds += (performance.now() - restartStarted) / 1000;

      const count = (outcome: Outcome) => shoppers.filter((shopper) => shopper.outcome === outcome).length;
      const first = await verify(client, baselineOrderId, initialStock, shoppers);
      // The shoppers whose post was cut off send the same form again (a browser retry).
      const cutOff = shoppers.filter((shopper) => shopper.outcome === 'lost' || shopper.outcome === 'other');
      const committedUnseen = cutOff.filter((shopper) => first.keys.has(shopper.key)).length;
      await Promise.all(cutOff.map((shopper) => postCheckout(server.url, shopper)));
      const retriedPlaced = cutOff.filter((shopper) => shopper.outcome === 'placed').length;
      const second = await verify(client, baselineOrderId, initialStock, shoppers);
      const problems = [...first.problems, ...second.problems];

      totals.placed += shoppers.filter((s) => s.outcome === 'placed').length - retriedPlaced;
      totals.refused += count('refused');
      totals.shed += count('shed');
      totals.lost += cutOff.length;
      totals.committedUnseen += committedUnseen;
      totals.retriedPlaced += retriedPlaced;
      totals.problems += problems.length;
      say(
        `${String(round).padStart(6)}  ${`${fixed(killedMs, 0)} (${killedAt})`.padStart(20)}  ${String(
          shoppers.filter((s) => s.outcome === 'placed').length - retriedPlaced,
        ).padStart(
          6,
        )}  ${String(count('refused')).padStart(7)}  ${String(count('shed')).padStart(4)}  ${String(
          cutOff.length,
        ).padStart(
          4,
        )} ${`(${committedUnseen})`.padStart(12)}  ${String(retriedPlaced).padStart(14)}  ${String(second.orders).padStart(6)}  ${fixed(
          (performance.now() - restartStarted) / 1000,
        ).padStart(9)}  ${problems.length}`,
      );
      for (const problem of problems.slice(0, 5)) say(`        ! ${problem}`);
      await sleep(200);
    }
    const stock = await client.query<{ id: number; level: number }>(
      'select id, inventory_level as level from variants where id = any($1) order by id',
      [choices.map((choice) => choice.variantId)],
    );
    say(
      `\nTotal: ${rounds} kills, ${totals.placed} orders acknowledged, ${totals.refused} refused (sold out or stale), ` +
        `${totals.shed} shed (503), ${totals.lost} cut off by the kill ` +
        `(${totals.committedUnseen} of them committed before the kill), ${totals.retriedPlaced} placed on retry ` +
        '(replayed by idempotency key or placed anew).',
    );
    say(`Stock left: ${stock.rows.map((row) => `${row.id}=${row.level}`).join(', ')}`);
    say(`Mean restart to listening: ${fixed(restartSeconds / rounds)} s; load average ${loadAverage()}`);
    say(
      totals.problems === 0
        ? 'Result: every order complete or absent; stock == initial − items of completed orders, after every kill.'
        : `Result: ${totals.problems} PROBLEMS found (listed above).`,
    );
    return totals.problems === 0;
  } finally {
    await client.end();
    await server.stop();
    await database.drop();
  }
}

runMain(main);

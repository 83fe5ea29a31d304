/**
 * A shopping stream beside the soak's reads (issue 42): searches, carts and checkouts at fixed shares of the
 * read rate, each as its own shopper (a session, a cart from the API, the checkout page, the checkout form),
 * and a sample of anonymous page requests whose X-Page-Cache answers give the page cache's hit rate. The data
 * versions are read from the database so the soak can say how often each moved.
 */
import type pg from 'pg';
import { checkoutForm, postCheckout, shopperSession } from './lib.ts';

const SEARCH_TERMS = [
  'snowshoe',
  'binding',
  'poles',
  'trail',
  'women',
  'kids',
  'backcountry',
  'ascent',
  'gaiter',
];
/** Journeys running at once, at most: past it a journey due is counted as skipped, not queued. */
const MAX_IN_FLIGHT = 48;

export interface ShoppingShares {
  /** Each a share of the read rate (0.025: 2.5 checkouts for every 100 reads). */
  search: number;
  cart: number;
  checkout: number;
}

export interface ShoppingCounts {
  searches: number;
  carts: number;
  checkouts: number;
  orders: number;
  /** Journeys whose requests got an answer other than the expected (a 503, a refusal, a cut connection). */
  failed: number;
  /** What the failed journeys met, by kind ("checkout 503", "cart/create 429"…). */
  reasons: Record<string, number>;
  skipped: number;
  requests: number;
  /** X-Page-Cache of sampled pages and searches: HIT, STALE, SHARED (served from the cache) or MISS. */
  cache: Record<string, number>;
}

export const emptyCounts = (): ShoppingCounts => ({
  searches: 0,
  carts: 0,
  checkouts: 0,
  orders: 0,
  failed: 0,
  reasons: {},
  skipped: 0,
  requests: 0,
  cache: {},
});

/** Served from the page cache, of every cacheable page sampled (null when none was). */
export function hitRate(counts: ShoppingCounts): number | null {
  const all = Object.values(counts.cache).reduce((sum, n) => sum + n, 0);
  if (all === 0) return null;
  const kept = (counts.cache.HIT ?? 0) + (counts.cache.STALE ?? 0) + (counts.cache.SHARED ?? 0);
  return kept / all;
}

/** The stocked variants shoppers buy, given stock enough for the whole run (a sale never sells out here). */
export async function stockedChoices(client: pg.Client, count = 12) {
  const picked = await client.query<{ product_id: number; variant_id: number }>(
    `select p.id as product_id, min(v.id) as variant_id
       from products p join variants v on v.product_id = p.id
       join product_prices pp on pp.product_id = p.id and pp.region_id = 'us'
      where p.inventory_tracking <> 'none' and p.availability = 'available' and p.is_visible
        and not v.purchasing_disabled
      group by p.id order by p.id limit $1`,
    [count],
  );
  const choices = picked.rows.map((row) => ({ productId: row.product_id, variantId: row.variant_id }));
  await client.query('update variants set inventory_level = 1000000 where id = any($1)', [
    choices.map((choice) => choice.variantId),
  ]);
  return choices;
}

/** The data versions as the database holds them now. */
export async function readVersions(client: pg.Client): Promise<Record<string, number>> {
  const rows = await client.query<{ scope: string; version: string }>(
    `select scope, version from data_versions
     union all select 'product-changes shown', coalesce(count(distinct version), 0) from product_changes where shown`,
  );
  return Object.fromEntries(rows.rows.map((row) => [row.scope, Number(row.version)]));
}

/**
 * Runs the stream until `stop()`: every 100 ms the journeys due at `readRate × share` are started. `take()`
 * answers the counts since the last take.
 */
export function startShopping(options: {
  base: string;
  readRate: number;
  shares: ShoppingShares;
  choices: { productId: number; variantId: number }[];
  /** Anonymous pages sampled for the hit rate, one every 100 ms. */
  samplePaths: string[];
}) {
  const { base } = options;
  let counts = emptyCounts();
  let inFlight = 0;
  let n = 0;
  const due = { search: 0, cart: 0, checkout: 0 };
  const running = new Set<Promise<void>>();

  const get = async (path: string, headers: Record<string, string> = {}) => {
    counts.requests++;
    const response = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
    const body = await response.text();
    return { response, body };
  };
  const noteCache = (response: Response) => {
    const state = response.headers.get('x-page-cache');
    if (state) counts.cache[state] = (counts.cache[state] ?? 0) + 1;
  };

  async function session() {
    counts.requests++;
    return shopperSession(base);
  }

  async function cart(shopper: { cookie: string; csrf: string }, i: number) {
    const choice = options.choices[i % options.choices.length]!;
    counts.requests++;
    const created = await fetch(`${base}/api/cart/create`, {
      method: 'POST',
      headers: {
        cookie: shopper.cookie,
        region: 'us',
        'csrf-token': shopper.csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        line_items: [{ product_id: choice.productId, variant_id: choice.variantId, quantity: 1 }],
      }),
    });
    await created.arrayBuffer();
    if (created.status !== 201) throw new Error(`cart/create ${created.status}`);
  }

  const journeys = {
    async search(i: number) {
      counts.searches++;
      const { response } = await get(`/en-us/search?q=${SEARCH_TERMS[i % SEARCH_TERMS.length]}`);
      noteCache(response);
      if (response.status !== 200) throw new Error(`search ${response.status}`);
    },
    async cart(i: number) {
      counts.carts++;
      await cart(await session(), i);
    },
    async checkout(i: number) {
      counts.checkouts++;
      const shopper = await session();
      await cart(shopper, i);
      counts.requests++;
      const form = await checkoutForm(base, shopper.cookie, {
        email: `soak${i}@example.com`,
        firstName: 'Sam',
        lastName: 'Soak',
      });
      counts.requests++;
      const posted = await postCheckout(base, shopper.cookie, form);
      if (posted.outcome !== 'order') throw new Error(`checkout ${posted.outcome} ${posted.status}`);
      counts.orders++;
    },
  };

  const launch = (kind: keyof typeof journeys) => {
    if (inFlight >= MAX_IN_FLIGHT) {
      counts.skipped++;
      return;
    }
    inFlight++;
    const journey: Promise<void> = journeys[kind](n++)
      .catch((error: unknown) => {
        counts.failed++;
        const reason = error instanceof Error ? error.message : String(error);
        counts.reasons[reason] = (counts.reasons[reason] ?? 0) + 1;
      })
      .finally(() => {
        inFlight--;
        running.delete(journey);
      });
    running.add(journey);
  };

  let sample = 0;
  const timer = setInterval(() => {
    for (const kind of ['search', 'cart', 'checkout'] as const) {
      due[kind] += (options.readRate * options.shares[kind]) / 10;
      while (due[kind] >= 1) {
        due[kind]--;
        launch(kind);
      }
    }
    const path = options.samplePaths[sample++ % options.samplePaths.length]!;
    const probe = get(path, { region: 'us' })
      .then(({ response }) => noteCache(response))
      .catch(() => {});
    running.add(probe);
    void probe.finally(() => running.delete(probe));
  }, 100);

  return {
    take(): ShoppingCounts {
      const taken = counts;
      counts = emptyCounts();
      return taken;
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}

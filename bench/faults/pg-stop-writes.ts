/**
 * PostgreSQL stopped under write load (issue 17 #10, faults): `tsx bench/faults/pg-stop-writes.ts [--cluster
 * faults] [--pg-port 5433] [--rounds 3] [--writers 6] [--away-seconds 6] [--quick]` (build first).
 *
 * Like pg-restart, it stops a whole cluster (`pg_ctlcluster 15 <cluster> stop -m fast`, then `start`), so it
 * defaults to a cluster of its own (see pg-restart.ts for creating it); `--restart-main` is needed for `main`.
 *
 * A temporary database, the server (page cache on, as in production), and `--writers` shoppers in a loop, each
 * journey a new session (GET /api/session), a cart (POST /api/cart/create), the checkout page and the checkout
 * post, plus a reader on a category page. Each round: a few seconds of load, PostgreSQL stopped for
 * `--away-seconds`, started again, load until writes succeed again. Printed per round: requests, requests
 * failed (5xx other than 503, refused or cut connections, timeouts), requests answered 503 (with and without
 * Retry-After), what /healthz said while PostgreSQL was away, the seconds from PostgreSQL being back to the
 * first placed order and cart again, and whether the server process stayed up. Exit code 1 when the process
 * died, a request failed, or the store did not recover.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  fixed,
  loadAverage,
  options,
  pgTargetFrom,
  requireBuild,
  runMain,
  say,
  sleep,
  startServer,
  tempDatabase,
} from './lib.ts';

const run = promisify(execFile);
const REQUEST_TIMEOUT_MS = 15_000;
const ADDRESS = {
  ship_first_name: 'Kim',
  ship_last_name: 'Fault',
  ship_address1: '9 Crash Lane',
  ship_city: 'Bend',
  ship_state_or_province: 'OR',
  ship_postal_code: '97701',
  ship_country_code: 'US',
};

type Kind = 'ok' | '503' | '503-no-retry-after' | 'failed' | 'refused';

interface Answer {
  at: number;
  step: 'session' | 'cart' | 'checkout-page' | 'checkout' | 'page';
  kind: Kind;
  status: number | 'error' | 'timeout';
}

function hidden(html: string, name: string): string | undefined {
  return new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`)
    .exec(html)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/** One request, classified; never throws. */
async function ask(
  answers: Answer[],
  step: Answer['step'],
  url: string,
  init: RequestInit = {},
  isOk: (status: number) => boolean = (status) => status >= 200 && status < 400,
): Promise<Response | null> {
  const at = performance.now();
  try {
    const response = await fetch(url, {
      redirect: 'manual',
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = Buffer.from(await response.arrayBuffer());
    const kind: Kind = isOk(response.status)
      ? 'ok'
      : response.status === 503
        ? response.headers.get('retry-after')
          ? '503'
          : '503-no-retry-after'
        : response.status >= 500
          ? 'failed'
          : 'refused';
    answers.push({ at, step, kind, status: response.status });
    // Hand the body back for the caller to read once more.
    return new Response(response.status === 204 || response.status === 304 ? null : body, {
      status: response.status,
      headers: response.headers,
    });
  } catch (error) {
    const timeout = (error as Error).name === 'TimeoutError';
    answers.push({ at, step, kind: 'failed', status: timeout ? 'timeout' : 'error' });
    return null;
  }
}

/** One shopper journey: session → cart → checkout page → checkout post. Stops at the first step that fails. */
async function journey(
  base: string,
  n: number,
  choice: { productId: number; variantId: number },
  answers: Answer[],
) {
  const session = await ask(answers, 'session', `${base}/api/session`);
  if (session?.status !== 200) return;
  const cookie = session.headers
    .getSetCookie()
    .find((value) => value.startsWith('rl_session='))
    ?.split(';')[0];
  const { data } = (await session.json()) as { data: { csrfToken: string } };
  if (!cookie) return;
  const cart = await ask(
    answers,
    'cart',
    `${base}/api/cart/create`,
    {
      method: 'POST',
      headers: { cookie, region: 'us', 'csrf-token': data.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        line_items: [{ product_id: choice.productId, variant_id: choice.variantId, quantity: 1 }],
      }),
    },
    (status) => status === 201,
  );
  if (cart?.status !== 201) return;
  const page = await ask(
    answers,
    'checkout-page',
    `${base}/en-us/checkout`,
    { headers: { cookie } },
    (status) => status === 200,
  );
  if (page?.status !== 200) return;
  const html = await page.text();
  const shipping = /name="shipping_method"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="shipping_method"/.exec(
    html,
  );
  const form = new URLSearchParams({
    csrf: hidden(html, 'csrf') ?? '',
    idempotency_key: hidden(html, 'idempotency_key') ?? '',
    expected_subtotal: hidden(html, 'expected_subtotal') ?? '',
    email: `writer${n}@example.com`,
    address_choice: 'new',
    ...ADDRESS,
    shipping_method: shipping?.[1] ?? shipping?.[2] ?? '',
    billing_same: '1',
    payment_method: 'bank_transfer',
  });
  await ask(
    answers,
    'checkout',
    `${base}/en-us/checkout`,
    {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    },
    (status) => status === 303,
  );
}

async function main(): Promise<boolean> {
  requireBuild();
  const values = options(
    {
      cluster: { type: 'string', default: 'faults' },
      version: { type: 'string', default: '15' },
      rounds: { type: 'string', default: '3' },
      writers: { type: 'string', default: '6' },
      'away-seconds': { type: 'string', default: '6' },
      'restart-main': { type: 'boolean', default: false },
    },
    { pgPort: '5433' },
  );
  const cluster = String(values.cluster);
  if (cluster === 'main' && !values['restart-main'])
    throw new Error('Refusing to stop the shared cluster "main" without --restart-main.');
  const quick = values.quick === true;
  const rounds = quick ? 1 : Number(values.rounds);
  const writers = Number(values.writers);
  const awayMs = Number(values['away-seconds']) * 1000;
  const target = pgTargetFrom(values);
  const pgctl = (action: 'stop' | 'start') =>
    run('pg_ctlcluster', [
      String(values.version),
      cluster,
      action,
      ...(action === 'stop' ? ['-m', 'fast'] : []),
    ]);
  say(
    `PostgreSQL stopped under write load: cluster ${values.version}/${cluster} (port ${target.port}), ${rounds} round(s), ${writers} writers, ${awayMs / 1000} s away`,
  );
  say(`load average ${loadAverage()}\n`);

  const database = await tempDatabase(target);
  const server = await startServer({
    DATABASE_URL: database.url,
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
    // Every writer comes from 127.0.0.1: the per-client session limit would otherwise be the subject.
    SESSION_CREATE_LIMIT_PER_IP: '1000000',
  });
  const pid = server.pid;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  let ok = true;
  try {
    const picked = await admin.query<{ product_id: number; variant_id: number }>(
      `select p.id as product_id, min(v.id) as variant_id
         from products p join variants v on v.product_id = p.id
         join product_prices pp on pp.product_id = p.id and pp.region_id = 'us'
        where p.inventory_tracking <> 'none' and p.availability = 'available' and p.is_visible
          and not v.purchasing_disabled
        group by p.id order by p.id limit 4`,
    );
    const choices = picked.rows.map((row) => ({ productId: row.product_id, variantId: row.variant_id }));
    await admin.query('update variants set inventory_level = 1000000 where id = any($1)', [
      choices.map((choice) => choice.variantId),
    ]);
    await admin.end().catch(() => {});
    // Warm the page cache and the search index.
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/en-us/c/snowshoes`)).arrayBuffer();

    say(
      ' round  requests  ok     failed  503+RA  503-RA  refused  /healthz away  back→order s  back→cart s  stop→back s  process',
    );
    const totals = { requests: 0, failed: 0, shed: 0, bad503: 0 };
    let journeys = 0;
    for (let round = 1; round <= rounds; round++) {
      const answers: Answer[] = [];
      let running = true;
      const writer = async () => {
        while (running) {
          const n = journeys++;
          await journey(server.url, n, choices[n % choices.length]!, answers);
          await sleep(50);
        }
      };
      const reader = async () => {
        while (running) {
          await ask(answers, 'page', `${server.url}/en-us/c/snowshoes`);
          await sleep(100);
        }
      };
      const health: string[] = [];
      const loops = [...Array.from({ length: writers }, () => writer()), reader()];
      await sleep(quick ? 2000 : 4000);
      const stopAt = performance.now();
      await pgctl('stop');
      const stoppedAt = performance.now();
      while (performance.now() - stoppedAt < awayMs) {
        try {
          const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) });
          health.push(`${response.status} ${JSON.parse(await response.text()).status}`);
        } catch {
          health.push('no answer');
        }
        await sleep(1000);
      }
      await pgctl('start');
      const backAt = performance.now();
      // Load until an order and a cart went through again (or 60 s), then a little more.
      const deadline = backAt + 60_000;
      const firstAfter = (step: Answer['step']) =>
        answers.find((answer) => answer.at >= backAt && answer.step === step && answer.kind === 'ok');
      while (performance.now() < deadline && !(firstAfter('checkout') && firstAfter('cart')))
        await sleep(200);
      await sleep(1000);
      running = false;
      await Promise.all(loops);
      const order = firstAfter('checkout');
      const cart = firstAfter('cart');
      const alive = server.child.exitCode === null && server.child.signalCode === null;
      const count = (kind: Kind) => answers.filter((answer) => answer.kind === kind).length;
      const failed = count('failed');
      const shed = count('503');
      const bad503 = count('503-no-retry-after');
      totals.requests += answers.length;
      totals.failed += failed;
      totals.shed += shed;
      totals.bad503 += bad503;
      const healthSummary = [...new Set(health)].join(', ');
      const passed = alive && failed === 0 && bad503 === 0 && order !== undefined && cart !== undefined;
      ok &&= passed;
      say(
        ` ${String(round).padStart(5)}  ${String(answers.length).padStart(8)}  ${String(count('ok')).padEnd(5)}  ${String(failed).padStart(6)}  ${String(shed).padStart(6)}  ${String(bad503).padStart(6)}  ${String(count('refused')).padStart(7)}  ${healthSummary.padEnd(13)}  ${fixed(order ? (order.at - backAt) / 1000 : Number.NaN, 2).padStart(12)}  ${fixed(cart ? (cart.at - backAt) / 1000 : Number.NaN, 2).padStart(11)}  ${fixed((backAt - stopAt) / 1000, 1).padStart(11)}  ${alive ? 'up' : 'DIED'}${passed ? '' : '   FAILED'}`,
      );
      if (failed > 0) {
        const sample = answers
          .filter((answer) => answer.kind === 'failed')
          .slice(0, 5)
          .map(
            (answer) => `${answer.step} → ${answer.status} at +${fixed((answer.at - stopAt) / 1000, 1)} s`,
          );
        say(`        failed, first ones: ${sample.join('; ')}`);
      }
      if (!alive) {
        say(`   server process ended: ${server.output().slice(-2000)}`);
        return false;
      }
      await sleep(1000);
    }
    const alive = server.child.exitCode === null && server.pid === pid;
    say(
      `\nTotal: ${totals.requests} requests, ${totals.failed} failed, ${totals.shed} answered 503 with Retry-After, ${totals.bad503} 503 without.`,
    );
    say(`Server process ${pid} ${alive ? 'stayed up through every stop' : 'DID NOT stay up'}.`);
    say(
      'Columns: failed = 5xx other than 503, cut connections and timeouts (15 s); refused = 4xx (e.g. a csrf or ' +
        'cart answer to a journey cut short); back→order/cart = PostgreSQL started → first placed order / new cart; ' +
        `stop→back = how long PostgreSQL was away. Load average ${loadAverage()}.`,
    );
    return ok && alive;
  } finally {
    await server.stop();
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await database.drop();
        break;
      } catch {
        await sleep(500);
      }
    }
  }
}

runMain(main);

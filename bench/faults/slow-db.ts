/**
 * A slow, then an unreachable database (issue 10, faults): `tsx bench/faults/slow-db.ts [--delay-ms 200]
 * [--seconds 60] [--connections 200] [--pool 10] [--max-waiting 20] [--quick] [--pg-port 5432]`.
 *
 * The server talks to PostgreSQL through a small TCP proxy (node:net) in this process. The store is seeded
 * at full speed; then the proxy holds every chunk sent to PostgreSQL for `--delay-ms` (so each round trip
 * takes that much longer) while autocannon drives many more connections than the pool can serve at a
 * category page and /api reads. Expected: the server keeps a bounded line of database work (pool size + max
 * waiting), answers 503 with Retry-After past it, serves the rest, and its memory stays flat. Printed: RSS
 * and answers over time, the 503 share, p50/p99 of the served answers, and whether 503s carried Retry-After.
 *
 * Then the proxy drops every connection and refuses new ones (PostgreSQL unreachable): a page, an /api call
 * and /healthz must each answer 503 with Retry-After promptly, and 200 again once the proxy lets traffic
 * through.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import {
  fixed,
  freePort,
  loadAverage,
  options,
  pgTargetFrom,
  requireBuild,
  rssMb,
  runLoad,
  runMain,
  say,
  sleep,
  startServer,
  statusLine,
  tempDatabase,
} from './lib.ts';

/** A TCP proxy that delays what is sent upstream, or refuses everything while `down`. */
async function delayProxy(upstream: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const state = { delayMs: 0, down: false, connections: 0 };
  const server: Server = createServer((client) => {
    if (state.down) {
      client.destroy();
      return;
    }
    state.connections++;
    const database = tcpConnect(upstream.port, upstream.host);
    sockets.add(client);
    sockets.add(database);
    const end = () => {
      if (sockets.delete(client)) state.connections--;
      sockets.delete(database);
      client.destroy();
      database.destroy();
    };
    client.on('data', (chunk) => {
      // Timers of equal delay fire in the order they were set: the byte stream stays in order.
      if (state.delayMs > 0) setTimeout(() => database.write(chunk), state.delayMs);
      else database.write(chunk);
    });
    database.on('data', (chunk) => client.write(chunk));
    client.on('close', end);
    database.on('close', end);
    client.on('error', end);
    database.on('error', end);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    state,
    /** Drops every open connection and refuses new ones, as a vanished database host would. */
    goDown() {
      state.down = true;
      for (const socket of sockets) socket.destroy();
    },
    comeBack() {
      state.down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function probe(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
    await response.arrayBuffer();
    return {
      status: String(response.status),
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  } catch (error) {
    return { status: (error as Error).name, retryAfter: null, ms: performance.now() - started };
  }
}

async function main(): Promise<boolean> {
  requireBuild();
  const values = options({
    'delay-ms': { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    pool: { type: 'string', default: '10' },
    'max-waiting': { type: 'string', default: '20' },
  });
  const quick = values.quick === true;
  const delayMs = Number(values['delay-ms']);
  const seconds = quick ? 20 : Number(values.seconds);
  const connections = quick ? 100 : Number(values.connections);
  const target = pgTargetFrom(values);
  say(
    `Slow database: +${delayMs} ms per round trip through a TCP proxy; pool ${values.pool}, max waiting ` +
      `${values['max-waiting']}; ${connections} connections for ${seconds} s`,
  );
  say(`PostgreSQL ${target.host}:${target.port}; load average ${loadAverage()}\n`);

  const database = await tempDatabase(target);
  const proxy = await delayProxy({ host: target.host, port: target.port });
  const url = new URL(database.url);
  url.port = String(proxy.port);
  const server = await startServer({
    DATABASE_URL: url.toString(),
    PAGE_CACHE: 'false',
    DATABASE_POOL_MAX: String(values.pool),
    DATABASE_POOL_MAX_WAITING: String(values['max-waiting']),
    SEARCH_SYNC_INTERVAL_MS: '0',
  });
  let ok = true;
  try {
    const paths = ['/en-us/c/snowshoes', '/api/products?limit=5', '/en-us/p/ridgeline-summit-ascent-mens'];
    for (let i = 0; i < 10; i++)
      for (const path of paths) await probe(`${server.url}${path}`, { region: 'us' });
    const rssStart = rssMb(server.pid);
    proxy.state.delayMs = delayMs;
    const slowOne = await probe(`${server.url}${paths[0]}`, { region: 'us' });
    say(`One category page through the slow proxy, no load: ${slowOne.status} in ${fixed(slowOne.ms, 0)} ms`);

    // Over time: RSS, answers per status, and the Retry-After of 503s seen by a side probe.
    let window: Record<string, number> = {};
    const timeline: string[] = [];
    const rss: number[] = [];
    const retryAfter = { with: 0, without: 0 };
    const started = performance.now();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await sleep(5000);
        if (!sampling) break;
        const now = rssMb(server.pid);
        rss.push(now);
        timeline.push(
          `${fixed((performance.now() - started) / 1000, 0).padStart(5)} s  RSS ${fixed(now, 0).padStart(4)} MB  ` +
            `proxy connections ${String(proxy.state.connections).padStart(3)}  answers ${statusLine(window)}`,
        );
        say(timeline.at(-1));
        window = {};
      }
    })();
    const sideProbe = (async () => {
      while (sampling) {
        const answer = await probe(`${server.url}${paths[1]}`, { region: 'us' });
        if (answer.status === '503') answer.retryAfter ? retryAfter.with++ : retryAfter.without++;
        await sleep(250);
      }
    })();
    const load = await runLoad({
      url: server.url,
      paths,
      connections,
      seconds,
      timeoutSeconds: 30,
      headers: { region: 'us' },
      onAnswer: (status) => {
        window[status] = (window[status] ?? 0) + 1;
      },
    });
    sampling = false;
    await Promise.all([sampler, sideProbe]);
    const rssEnd = rssMb(server.pid);
    const total = Object.values(load.status).reduce((sum, count) => sum + count, 0);
    const shed = load.status['503'] ?? 0;
    const fives = load.status['500'] ?? 0;
    const alive = server.child.exitCode === null;
    say(
      `\nAnswers: ${statusLine(load.status)}; errors ${load.errors}, timeouts ${load.timeouts} ` +
        `(${fixed(load.rps)} answers/s)`,
    );
    say(
      `503 share ${fixed((shed / Math.max(total, 1)) * 100)} %; served (2xx/3xx) ${load.served.count}: ` +
        `p50 ${fixed(load.served.p50, 0)} ms, p99 ${fixed(load.served.p99, 0)} ms; all answers p99 ${fixed(load.all.p99, 0)} ms`,
    );
    say(`503s seen by the side probe: ${retryAfter.with} with Retry-After, ${retryAfter.without} without`);
    say(
      `RSS: ${fixed(rssStart, 0)} MB before the load, max ${fixed(Math.max(...rss, rssEnd), 0)} MB during, ` +
        `${fixed(rssEnd, 0)} MB at the end; load average ${loadAverage()}`,
    );
    const bounded = Math.max(...rss, rssEnd) < rssStart + 300;
    ok &&= alive && fives === 0 && retryAfter.without === 0 && load.timeouts === 0 && bounded;

    // Unreachable: the proxy drops every connection and refuses new ones.
    proxy.state.delayMs = 0;
    await sleep(2000);
    proxy.goDown();
    say('\nPostgreSQL unreachable (the proxy resets every connection and refuses new ones):');
    const checks = [
      { name: 'page /en-us/c/snowshoes', path: '/en-us/c/snowshoes' },
      { name: 'page /en-us/p/…', path: '/en-us/p/ridgeline-summit-ascent-mens' },
      { name: 'api /api/products', path: '/api/products?limit=5' },
      { name: 'api /api/session', path: '/api/session' },
      { name: '/healthz', path: '/healthz' },
    ];
    for (const check of checks) {
      const answer = await probe(`${server.url}${check.path}`, { region: 'us' });
      const good = answer.status === '503' && answer.retryAfter !== null && answer.ms < 10_000;
      ok &&= good;
      say(
        `  ${check.name.padEnd(26)} ${answer.status} Retry-After ${answer.retryAfter ?? '–'} in ${fixed(answer.ms, 0)} ms${good ? '' : '   FAILED'}`,
      );
    }
    proxy.comeBack();
    const back = performance.now();
    let recovered = false;
    while (performance.now() - back < 30_000) {
      const answer = await probe(`${server.url}/en-us/c/snowshoes`);
      if (answer.status === '200') {
        recovered = true;
        break;
      }
      await sleep(200);
    }
    ok &&= recovered;
    say(
      `  back: ${recovered ? `200 again ${fixed((performance.now() - back) / 1000, 2)} s after the proxy reopened` : 'NOT recovered in 30 s'}`,
    );
    say(`\nServer process ${server.child.exitCode === null ? 'stayed up' : 'ENDED'}.`);
    return ok && server.child.exitCode === null;
  } finally {
    await server.stop();
    await proxy.close();
    await database.drop();
  }
}

runMain(main);

/**
 * Soak (issue 10, load): `tsx bench/faults/soak.ts [--minutes 30] [--share 70] [--quick] [--pg-port 5432]`.
 *
 * The server on a temporary PostgreSQL database with its production settings (page cache on). First the
 * peak: autocannon as fast as it goes for 20 s on a mix of anonymous pages and /api reads. Then the same mix
 * at `--share` % of that peak (a fixed request rate) for `--minutes`, one minute at a time, sampling the
 * server's RSS, the p99 of the minute, its PostgreSQL connections (ss) and its non-2xx answers. Printed: one
 * line per minute and the drift from the first minute to the last.
 */
import {
  connectionsTo,
  fixed,
  loadAverage,
  options,
  pgTargetFrom,
  requireBuild,
  rssMb,
  runLoad,
  runMain,
  say,
  startServer,
  statusLine,
  tempDatabase,
} from './lib.ts';

const PATHS = [
  '/',
  '/en-us/c/snowshoes',
  '/en-us/p/ridgeline-summit-ascent-mens',
  '/api/products?limit=5',
  '/en-us/c/snowshoes?sort=price-asc',
  '/api/categories',
];

async function main(): Promise<boolean> {
  requireBuild();
  const values = options({
    minutes: { type: 'string', default: '30' },
    share: { type: 'string', default: '70' },
    connections: { type: 'string', default: '16' },
    'no-page-cache': { type: 'boolean', default: false },
  });
  const quick = values.quick === true;
  const minutes = quick ? 1 : Number(values.minutes);
  const share = Number(values.share) / 100;
  const connections = Number(values.connections);
  const target = pgTargetFrom(values);
  say(`Soak: ${minutes} min at ${fixed(share * 100, 0)} % of the measured peak; ${connections} connections`);
  say(`Mix: ${PATHS.join(', ')} (page cache ${values['no-page-cache'] ? 'off' : 'on'})`);
  say(`PostgreSQL ${target.host}:${target.port}; load average ${loadAverage()}\n`);

  const database = await tempDatabase(target);
  const server = await startServer({
    DATABASE_URL: database.url,
    PAGE_CACHE: values['no-page-cache'] ? 'false' : 'true',
  });
  try {
    const headers = { region: 'us' };
    // Warm-up one request at a time: the page cache does not merge concurrent misses of one page, so a cold
    // cache under full load would measure a render storm, not the peak.
    for (const path of PATHS)
      for (let i = 0; i < 3; i++) await (await fetch(`${server.url}${path}`, { headers })).arrayBuffer();
    await runLoad({ url: server.url, paths: PATHS, connections: 4, seconds: 5, headers });
    const peak = await runLoad({
      url: server.url,
      paths: PATHS,
      connections,
      seconds: quick ? 10 : 20,
      headers,
    });
    const rate = Math.max(1, Math.round(peak.rps * share));
    say(
      `Peak: ${fixed(peak.rps)} req/s (p99 ${fixed(peak.all.p99, 0)} ms, ${statusLine(peak.status)}); ` +
        `soak rate ${rate} req/s; load average ${loadAverage()}\n`,
    );
    say('minute   req/s   p50 ms   p99 ms   RSS MB   PG conns   non-2xx   load average');
    const rows: { rps: number; p99: number; rss: number; conns: number }[] = [];
    let ok = true;
    for (let minute = 1; minute <= minutes; minute++) {
      const result = await runLoad({
        url: server.url,
        paths: PATHS,
        connections,
        seconds: 60,
        rate,
        headers,
      });
      const row = {
        rps: result.rps,
        p99: result.all.p99,
        rss: rssMb(server.pid),
        conns: connectionsTo(server.pid, target.port),
      };
      rows.push(row);
      const bad = Object.entries(result.status)
        .filter(([code]) => !code.startsWith('2'))
        .reduce((sum, [, count]) => sum + count, 0);
      if (server.child.exitCode !== null) {
        say(`server ended: ${server.output().slice(-2000)}`);
        return false;
      }
      say(
        `${String(minute).padStart(6)}  ${fixed(row.rps).padStart(6)}  ${fixed(result.all.p50, 0).padStart(7)}  ${fixed(
          row.p99,
          0,
        ).padStart(7)}  ${fixed(row.rss, 0).padStart(7)}  ${String(row.conns).padStart(9)}  ${String(
          bad + result.errors,
        ).padStart(8)}   ${loadAverage()}`,
      );
      ok &&= result.errors === 0;
    }
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const delta = (a: number, b: number, unit: string) =>
      `${fixed(a, 0)} → ${fixed(b, 0)} ${unit} (${b >= a ? '+' : ''}${fixed(b - a, 0)})`;
    say(
      `\nDrift first → last minute: RSS ${delta(first.rss, last.rss, 'MB')}, p99 ${delta(first.p99, last.p99, 'ms')}, ` +
        `PostgreSQL connections ${delta(first.conns, last.conns, '')}, req/s ${delta(first.rps, last.rps, '')}`,
    );
    say(`Max RSS ${fixed(Math.max(...rows.map((row) => row.rss)), 0)} MB; load average ${loadAverage()}`);
    return ok;
  } finally {
    await server.stop();
    await database.drop();
  }
}

runMain(main);

/**
 * PostgreSQL restarted under load (issue 10, faults): `tsx bench/faults/pg-restart.ts [--cluster faults]
 * [--pg-port 5433] [--modes fast,immediate] [--rounds 2] [--quick]` (build first).
 *
 * Restarts a whole PostgreSQL cluster (`pg_ctlcluster 15 <cluster> restart -m <mode>`), so it defaults to a
 * cluster of its own: create it once with `pg_createcluster 15 faults -p 5433 && pg_ctlcluster 15 faults
 * start` and a `ridgeline` superuser in it. Restarting the shared `main` cluster needs `--restart-main`.
 *
 * A temporary database on that cluster, the server with the page cache off, autocannon on a category page, a
 * product page and /api reads, and a prober that asks for a page and an /api list every 100 ms (10 s
 * timeout: a hang). Mid-load PostgreSQL restarts. Printed per restart: how long the restart took, what the prober
 * got while the database was away (503 with Retry-After expected; 500s and hangs are failures), the seconds
 * from the restart to the first good answer again, and whether the server process stayed up.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  fixed,
  loadAverage,
  options,
  percentile,
  pgTargetFrom,
  requireBuild,
  runLoad,
  runMain,
  say,
  sleep,
  startServer,
  statusLine,
  tempDatabase,
} from './lib.ts';

const run = promisify(execFile);
const PROBE_EVERY_MS = 100;
// A hang is an answer slower than this; the shared machine is slow, so only a long wait counts.
const PROBE_TIMEOUT_MS = 10_000;
const PROBES = ['/en-us/c/snowshoes', '/api/products?limit=5'];

interface Probe {
  at: number;
  path: string;
  status: number | 'timeout' | 'error';
  retryAfter: string | null;
  ms: number;
}

function prober(base: string) {
  const probes: Probe[] = [];
  let running = true;
  const loop = async (path: string) => {
    while (running) {
      const at = performance.now();
      let probe: Probe;
      try {
        const response = await fetch(`${base}${path}`, {
          headers: { region: 'us' },
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        probe = {
          at,
          path,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          ms: performance.now() - at,
        };
      } catch (error) {
        const timeout = (error as Error).name === 'TimeoutError';
        probe = {
          at,
          path,
          status: timeout ? 'timeout' : 'error',
          retryAfter: null,
          ms: performance.now() - at,
        };
      }
      probes.push(probe);
      await sleep(Math.max(0, PROBE_EVERY_MS - probe.ms));
    }
  };
  const loops = PROBES.map(loop);
  return {
    probes,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function main(): Promise<boolean> {
  requireBuild();
  const values = options(
    {
      cluster: { type: 'string', default: 'faults' },
      version: { type: 'string', default: '15' },
      modes: { type: 'string', default: 'fast,immediate' },
      rounds: { type: 'string', default: '2' },
      'restart-main': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
    { pgPort: '5433' },
  );
  const cluster = String(values.cluster);
  if (cluster === 'main' && !values['restart-main'])
    throw new Error('Refusing to restart the shared cluster "main" without --restart-main.');
  const quick = values.quick === true;
  const rounds = quick ? 1 : Number(values.rounds);
  const modes = String(values.modes).split(',');
  const target = pgTargetFrom(values);
  say(
    `PostgreSQL restarts under load: cluster ${values.version}/${cluster} (port ${target.port}), modes ${modes.join(', ')}, ${rounds} round(s) each`,
  );
  say(`load average ${loadAverage()}\n`);

  const database = await tempDatabase(target);
  const server = await startServer({
    DATABASE_URL: database.url,
    PAGE_CACHE: 'false',
    CONTENT_CACHE_TTL_MS: '0',
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
  });
  const pid = server.pid;
  let ok = true;
  try {
    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}${PROBES[0]}`)).arrayBuffer();
    say(
      ' mode       restart s  before p99 ms  away: 503+RA  503-RA  500  200  other  timeouts  max ms  recovery s  load: statuses',
    );
    for (const mode of modes)
      for (let round = 1; round <= rounds; round++) {
        const probe = prober(server.url);
        const load = runLoad({
          url: server.url,
          paths: ['/en-us/c/snowshoes', '/en-us/p/ridgeline-summit-ascent-mens', '/api/products?limit=5'],
          connections: 4,
          seconds: 14,
          timeoutSeconds: 10,
          headers: { region: 'us' },
        });
        await sleep(3000);
        const restartAt = performance.now();
        // Asynchronously: the prober and autocannon run in this process and must keep measuring meanwhile.
        await run('pg_ctlcluster', [String(values.version), cluster, 'restart', '-m', mode]);
        const restartedAt = performance.now();
        const loaded = await load;
        await sleep(500);
        await probe.stop();
        // Away: from the first failed probe after the restart began to the first good one after that.
        const before = probe.probes.filter(
          (entry) => entry.at + entry.ms < restartAt && entry.status === 200,
        );
        const after = probe.probes.filter((entry) => entry.at + entry.ms >= restartAt);
        const firstBad = after.findIndex((entry) => entry.status !== 200);
        const away = firstBad < 0 ? [] : after.slice(firstBad);
        const back = away.findIndex((entry) => entry.status === 200 && entry.at >= restartedAt);
        const outage = back < 0 ? away : away.slice(0, back);
        const recovered = back < 0 ? null : away[back]!;
        const count = (test: (entry: Probe) => boolean) => outage.filter(test).length;
        const good503 = count((e) => e.status === 503 && e.retryAfter !== null);
        const bad503 = count((e) => e.status === 503 && e.retryAfter === null);
        const fives = count((e) => e.status === 500);
        const timeouts = count((e) => e.status === 'timeout');
        const served = count((e) => e.status === 200);
        const other = outage.length - good503 - bad503 - fives - timeouts - served;
        const maxMs = Math.max(0, ...outage.map((e) => e.ms));
        // No failed answer at all: the restart fell between two probes; nothing to recover from.
        const unnoticed = firstBad < 0;
        const recovery = recovered
          ? (recovered.at + recovered.ms - restartAt) / 1000
          : unnoticed
            ? 0
            : Number.NaN;
        const alive = server.child.exitCode === null && server.child.signalCode === null;
        const passed =
          alive && (recovered !== null || unnoticed) && fives === 0 && bad503 === 0 && timeouts === 0;
        ok &&= passed;
        say(
          ` ${mode.padEnd(10)} ${fixed((restartedAt - restartAt) / 1000, 2).padStart(9)}  ${fixed(
            percentile(
              before.map((entry) => entry.ms),
              99,
            ),
            0,
          ).padStart(13)}  ${String(good503).padStart(
            12,
          )}  ${String(bad503).padStart(6)}  ${String(fives).padStart(3)}  ${String(served).padStart(3)}  ${String(other).padStart(5)}  ${String(
            timeouts,
          ).padStart(8)}  ${fixed(maxMs, 0).padStart(6)}  ${fixed(recovery, 2).padStart(10)}  ${statusLine(
            loaded.status,
          )}${loaded.errors ? ` errors×${loaded.errors}` : ''}${passed ? '' : '   FAILED'}`,
        );
        if (values.verbose)
          for (const entry of outage)
            say(
              `     +${fixed((entry.at - restartAt) / 1000, 2)} s ${entry.path} → ${entry.status} in ${fixed(entry.ms, 0)} ms`,
            );
        if (!alive) {
          say(`   server process ended: ${server.output().slice(-2000)}`);
          return false;
        }
        await sleep(1000);
      }
    const alive = server.child.exitCode === null && server.pid === pid;
    say(`\nServer process ${pid} ${alive ? 'stayed up through every restart' : 'DID NOT stay up'}.`);
    say(
      'Columns: restart s = pg_ctlcluster restart duration; away = prober answers between the first failure and ' +
        'recovery (503+RA: 503 with Retry-After; 200 = answers served meanwhile); recovery s = restart start → first ' +
        `200 after it; "other" = refused connections or 4xx. Load: autocannon 4 connections for 14 s. Load average ${loadAverage()}.`,
    );
    return ok && alive;
  } finally {
    await server.stop();
    // The cluster may still be starting after an immediate restart.
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

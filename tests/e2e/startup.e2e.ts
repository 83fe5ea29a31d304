import { eq } from 'drizzle-orm';
import { openPglite } from '#server/db/database.ts';
import { currencies } from '#server/schema.ts';
import {
  collectOutput,
  exitOf,
  type RunningServer,
  runServerProcess,
  startServer,
  tempDataDir,
} from '../support/server.ts';
import { expect, test } from './fixtures.ts';

/**
 * Start-up settings, graceful shutdown and delivery keys of the built server. Every test starts (or fails to
 * start) servers of its own on fresh data folders: this file has no store of its own (no ownStoreFor).
 */

/** How long one server may take to start on a busy machine (as the store fixture allows). */
const SERVER_START_MS = Number(process.env.E2E_SERVER_START_MS ?? 60_000) + 30_000;

async function runToExit(env: Record<string, string>) {
  const child = runServerProcess(env);
  const output = collectOutput(child);
  const code = await exitOf(child);
  return { code, lines: output().trim().split('\n') };
}

test.describe('start-up settings', () => {
  test('stops on PORT=abc with one line naming the setting and exit code 1', async () => {
    const { code, lines } = await runToExit({ PORT: 'abc', DATA_DIR: tempDataDir() });
    expect(code).toBe(1);
    expect(lines).toEqual(['ridgeline: Invalid setting PORT="abc": must be a whole number from 1 to 65535']);
  });

  test('stops on an unreachable DATABASE_URL with one line and exit code 1', async () => {
    const { code, lines } = await runToExit({ DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:9/none' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^ridgeline: Cannot reach the database at DATABASE_URL \(127\.0\.0\.1:9\/none\)/,
    );
    expect(lines[0]).not.toContain('secret');
  });

  test('refuses a second process on the same embedded data folder', async () => {
    test.setTimeout(SERVER_START_MS);
    const first = await startServer();
    try {
      const { code, lines } = await runToExit({ PORT: String(first.port + 1), DATA_DIR: first.dataDir });
      expect(code).toBe(1);
      expect(lines).toEqual([
        expect.stringMatching(/^ridgeline: The embedded database in .+ is already in use by process \d+\./),
      ]);
      // The first server is unharmed.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });
});

test.describe('graceful shutdown', () => {
  test('finishes every started response on SIGTERM and keeps the data for the next start', async () => {
    test.setTimeout(2 * SERVER_START_MS);
    const dataDir = tempDataDir();
    const first = await startServer({ dataDir });
    expect(await first.stop('SIGTERM')).toBe(0);

    // Data written between runs must survive the next run's SIGTERM under load.
    const direct = await openPglite(dataDir);
    await direct.db.insert(currencies).values({
      code: 'ISK',
      token: 'kr',
      decimalToken: ',',
      thousandsToken: '.',
      decimalPlaces: 0,
      tokenLocation: 'right',
    });
    await direct.close();

    const server = await startServer({ dataDir });
    const outcomes: Array<'complete' | 'refused' | 'broken'> = [];
    let sent = 0;
    const worker = async () => {
      while (sent < 400) {
        sent++;
        let response: Response;
        try {
          response = await fetch(`${server.url}/`);
        } catch {
          outcomes.push('refused'); // never reached the server: not a dropped response
          continue;
        }
        try {
          const html = await response.text();
          outcomes.push(
            response.status === 200 && html.trimEnd().endsWith('</html>') ? 'complete' : 'broken',
          );
        } catch {
          outcomes.push('broken');
        }
      }
    };
    const load = Promise.all(Array.from({ length: 20 }, worker));
    while (outcomes.length < 60) await new Promise((resolve) => setTimeout(resolve, 5));
    const exitCode = await server.stop('SIGTERM');
    await load;

    expect(exitCode).toBe(0);
    expect(outcomes.filter((outcome) => outcome === 'broken')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === 'complete').length).toBeGreaterThanOrEqual(60);

    const after = await openPglite(dataDir);
    try {
      const rows = await after.db.select().from(currencies).where(eq(currencies.code, 'ISK'));
      expect(rows).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});

test.describe('delivery keys (issue 17 #7)', () => {
  /** The keys the server printed at start. */
  async function printedKeys(server: RunningServer) {
    const pattern =
      /Delivery keys of this database: content api_key (\S+), content access_token (\S+), search key ([^\s,]+)[ ,]/;
    for (let waited = 0; !pattern.test(server.output()) && waited < 5000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [, apiKey, token, searchKey] = server.output().match(pattern) ?? [];
    return { apiKey: apiKey!, token: token!, searchKey: searchKey! };
  }

  test('generates keys for a new data folder, prints them, keeps them across restarts, and refuses the published ones', async () => {
    test.setTimeout(Math.max(240_000, 2 * SERVER_START_MS));
    const dataDir = tempDataDir();
    const first = await startServer({ dataDir });
    const keys = await printedKeys(first);
    expect(keys.apiKey).toMatch(/^blt[0-9a-f]{16}$/);
    // The management token writes content: named, never printed.
    expect(first.output()).toContain('content management token (not shown)');
    const entries = `${first.url}/cms/v3/content_types/header/entries?environment=production&locale=en-us`;
    const search = (key: string) =>
      fetch(`${first.url}/search/api/as/v1/engines/ridgeline/search.json`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'snowshoe', page: { size: 1 } }),
      });
    try {
      const published = await fetch(entries, {
        headers: { api_key: 'ridgeline-demo', access_token: 'ridgeline-demo-delivery' },
      });
      expect(published.status).toBe(412);
      expect((await search('search-ridgeline-demo')).status).toBe(401);
      const own = await fetch(entries, { headers: { api_key: keys.apiKey, access_token: keys.token } });
      expect(own.status).toBe(200);
      expect((await search(keys.searchKey)).status).toBe(200);
      // The storefront's own pages read content and search through the same keys.
      expect((await fetch(`${first.url}/en-us/search?q=snowshoe`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await startServer({ dataDir });
    try {
      expect(await printedKeys(second)).toEqual(keys);
    } finally {
      await second.stop();
    }
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from '#server/db/database.ts';
import { currencies } from '#server/schema.ts';
import { collectOutput, exitOf, runServerProcess, startServer, tempDataDir } from '../support/server.ts';

async function runToExit(env: Record<string, string>) {
  const child = runServerProcess(env);
  const output = collectOutput(child);
  const code = await exitOf(child);
  return { code, lines: output().trim().split('\n') };
}

describe('start-up settings', () => {
  it('stops on PORT=abc with one line naming the setting and exit code 1', async () => {
    const { code, lines } = await runToExit({ PORT: 'abc', DATA_DIR: tempDataDir() });
    expect(code).toBe(1);
    expect(lines).toEqual(['ridgeline: Invalid setting PORT="abc": must be a whole number from 1 to 65535']);
  });

  it('stops on an unreachable DATABASE_URL with one line and exit code 1', async () => {
    const { code, lines } = await runToExit({ DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:9/none' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^ridgeline: Cannot reach the database at DATABASE_URL \(127\.0\.0\.1:9\/none\)/,
    );
    expect(lines[0]).not.toContain('secret');
  });

  it('refuses a second process on the same embedded data folder', async () => {
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

describe('graceful shutdown', () => {
  it('finishes every started response on SIGTERM and keeps the data for the next start', async () => {
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

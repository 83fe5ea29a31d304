import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentStore } from '#server/content/store.ts';
import { listen, openSecurityApp, type SecurityApp } from './harness.ts';

/** 25 letters and spaces with no '!': `([a-z ]+)+!` tries every way to split them, seconds for a backtracking engine. */
const SLOW_TITLE = 'a walk in deep fresh snow';

/**
 * Issue 17 #7: a delivery query's `$regex` ran in the JavaScript engine, which backtracks: `([a-z ]+)+!` against
 * the demo blog titles kept the event loop busy for as long as it took (exponential in the title's length), and
 * /healthz and every page waited with it. Patterns now run in a linear-time engine (RE2 semantics).
 */
describe('the content service $regex', () => {
  let store: SecurityApp;
  let server: { url: string; close(): Promise<void> };
  let headers: Record<string, string>;

  beforeAll(async () => {
    store = await openSecurityApp();
    await createContentStore(store.handle.db).putEntries([
      {
        contentType: 'blog',
        uid: 'regex-probe',
        locale: 'en-us',
        fields: { title: SLOW_TITLE, url: '/regex-probe' },
        publishTo: ['production'],
      },
    ]);
    server = await listen(store.app);
    headers = {
      api_key: store.services.config.CONTENT_API_KEY,
      access_token: store.services.config.CONTENT_DELIVERY_TOKEN,
    };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await store?.close();
  });

  const entries = (query: unknown) =>
    `${server.url}/cms/v3/content_types/blog/entries?environment=production&locale=en-us&query=${encodeURIComponent(JSON.stringify(query))}`;

  it("answers the issue's catastrophic pattern at once, and /healthz answers while it runs", async () => {
    // The probe entry alone first (uid is tested before title): a few seconds of backtracking, not hours.
    const started = performance.now();
    const query = fetch(entries({ uid: 'regex-probe', title: { $regex: '([a-z ]+)+!' } }), { headers });
    // Sent once the query is on its way, so it waits behind the query's work if that blocks the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const healthStarted = performance.now();
    const health = await fetch(`${server.url}/healthz`);
    const healthMs = performance.now() - healthStarted;
    const answer = await query;
    const answerMs = performance.now() - started;

    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { entries: unknown[] }).entries).toEqual([]);
    expect(answerMs).toBeLessThan(1000);

    // The issue's own request, over every demo blog title (36 letters in a row: hours for a backtracking engine).
    const all = performance.now();
    const issue = await fetch(entries({ title: { $regex: '([a-z ]+)+!' } }), { headers });
    expect(issue.status).toBe(200);
    expect(performance.now() - all).toBeLessThan(1000);
  }, 120_000);

  it('keeps the common forms working: substring, prefix, case-insensitive, alternation', async () => {
    const titles = async (query: unknown) => {
      const answer = await fetch(entries(query), { headers });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { entries: { title: string }[] }).entries
        .map((entry) => entry.title)
        .sort();
    };
    expect(await titles({ title: { $regex: 'snowshoe' } })).toEqual(
      expect.arrayContaining([expect.stringMatching(/snowshoe/)]),
    );
    expect(await titles({ title: { $regex: '^The Long' } })).toEqual([
      'The Long Trail’s southern half in a week',
    ]);
    expect(await titles({ title: { $regex: '^the long', $options: 'i' } })).toEqual([
      'The Long Trail’s southern half in a week',
    ]);
    expect(await titles({ title: { $regex: '^the long' } })).toEqual([]);
    expect((await titles({ title: { $regex: '^(The Long|How to)' } })).length).toBe(2);
  });

  it('refuses what a linear-time engine cannot run, with a 400 that says why', async () => {
    for (const pattern of ['(a)\\1', 'snow(?=shoe)', '(?<!x)trail']) {
      const answer = await fetch(entries({ title: { $regex: pattern } }), { headers });
      expect(answer.status, pattern).toBe(400);
      const body = (await answer.json()) as { error_message: string };
      expect(body.error_message).toMatch(/\$regex/);
    }
  });
});

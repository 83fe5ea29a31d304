import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIndex, refreshIndex } from '#server/search/memory-index.ts';
import { facetsOf, matchDocuments } from '#server/search/memory-search.ts';
import { parseSearchRequest } from '#server/search/request.ts';
import { ngramText } from '#server/search/text.ts';
import { float4Number } from '#server/search/tsquery.ts';
import { localeLexeme } from '#server/search/writer.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type SearchHarness, searchHarness } from './search-harness.ts';

/**
 * The in-memory index against PostgreSQL itself: for every document and a set of queries in several text
 * search configurations, the same documents match and ts_rank gives the same float4 (decision 0015); and a
 * refresh after a change re-reads only the changed rows.
 */

const QUERIES: Array<{ locale: string | null; config: string; query: string }> = [
  { locale: 'en-us', config: 'english', query: 'snowshoe' },
  { locale: 'en-us', config: 'english', query: 'women snowshoes' },
  { locale: 'en-us', config: 'english', query: 'backcountry crampons' },
  { locale: 'en-us', config: 'english', query: 'pole or gaiter' },
  { locale: 'en-us', config: 'english', query: 'trail -running' },
  { locale: 'fr', config: 'french', query: 'raquettes femme' },
  { locale: 'de', config: 'german', query: 'Schneeschuhe Damen' },
  { locale: 'sv', config: 'swedish', query: 'snowshoe' },
  { locale: null, config: 'simple', query: 'crampons' },
];

describe.each(testDatabaseTargets)('in-memory search index on $name', (target) => {
  let h: SearchHarness;

  beforeAll(async () => {
    h = await searchHarness(target);
  }, 180_000);
  afterAll(async () => {
    h?.search.stop();
    await h?.handle.close();
  });

  it.each(QUERIES)(
    "matches and ranks '$query' ($config) as PostgreSQL does",
    async ({ locale, config, query }) => {
      const index = await loadIndex(h.handle.db, 'ridgeline', 0);
      const text = sql`websearch_to_tsquery(${config}::regconfig, ${query})`;
      const where = locale ? sql`(${text}) && to_tsquery('simple', ${localeLexeme(locale)})` : text;
      const expected = (
        (await h.handle.db.execute(
          sql`select locale, id, ts_rank('{0.02, 0.05, 0.3, 1.0}'::float4[], tsv, ${text}, 1)::text as score,
            (${text})::text as q
            from search_documents where engine = 'ridgeline' and tsv @@ (${where})`,
        )) as unknown as { rows: Array<{ locale: string; id: string; score: string; q: string }> }
      ).rows;
      expect(expected.length).toBeGreaterThan(0);
      const tsquery = expected[0]!.q;
      const found = matchDocuments(
        index,
        parseSearchRequest({ query }),
        locale,
        locale ? localeLexeme(locale) : null,
        { text: tsquery, coverDensity: false },
      );
      const mine = new Map(found.map(({ doc, score }) => [`${doc.locale}|${doc.id}`, float4Number(score)]));
      const theirs = new Map(expected.map((row) => [`${row.locale}|${row.id}`, Number(row.score)]));
      expect(mine.size).toBe(theirs.size);
      expect(Object.fromEntries(mine)).toEqual(Object.fromEntries(theirs));
    },
  );

  it.each(['スノーシュー', 'ポール', 'シュー', '女性'])(
    "matches and ranks the Japanese phrase '%s' as ts_rank_cd does",
    async (query) => {
      const index = await loadIndex(h.handle.db, 'ridgeline', 0);
      const grams = ngramText(query).split(/\s+/).filter(Boolean);
      const text = sql`to_tsquery('simple', ${grams.map((gram) => `'${gram}'`).join(' <-> ')})`;
      const expected = (
        (await h.handle.db.execute(
          sql`select locale, id, ts_rank_cd('{0.02, 0.05, 0.3, 1.0}'::float4[], tsv, ${text}, 1)::text as score,
              (${text})::text as q
              from search_documents where engine = 'ridgeline'
                and tsv @@ ((${text}) && to_tsquery('simple', ${localeLexeme('ja')}))`,
        )) as unknown as { rows: Array<{ locale: string; id: string; score: string; q: string }> }
      ).rows;
      expect(expected.length).toBeGreaterThan(0);
      const found = matchDocuments(index, parseSearchRequest({ query }), 'ja', localeLexeme('ja'), {
        text: expected[0]!.q,
        coverDensity: true,
      });
      const mine = new Map(found.map(({ doc, score }) => [`${doc.locale}|${doc.id}`, float4Number(score)]));
      const theirs = new Map(expected.map((row) => [`${row.locale}|${row.id}`, Number(row.score)]));
      expect(Object.fromEntries(mine)).toEqual(Object.fromEntries(theirs));
    },
  );

  it('filters and facets worked out per segment answer as SQL, also once older filters are forgotten', async () => {
    const index = await loadIndex(h.handle.db, 'ridgeline', 0);
    const filters = { all: [{ type: 'product' }, { locale: 'en-us' }], any: [{ regions: ['us'] }] };
    const expected = (
      (await h.handle.db.execute(
        sql`select id, colours from search_documents where engine = 'ridgeline' and locale = 'en-us'
            and type = 'product' and 'us' = any(regions)`,
      )) as unknown as { rows: Array<{ id: string; colours: string[] }> }
    ).rows;
    expect(expected.length).toBeGreaterThan(1);
    const colourCounts = new Map<string, number>();
    for (const row of expected)
      for (const colour of row.colours) colourCounts.set(colour, (colourCounts.get(colour) ?? 0) + 1);
    const search = () => {
      const request = parseSearchRequest({
        query: '',
        filters,
        facets: { colours: [{ type: 'value', size: 250 }] },
      });
      const found = matchDocuments(index, request, 'en-us', localeLexeme('en-us'), null);
      return {
        ids: found.map(({ doc }) => doc.id).sort(),
        colours: facetsOf(request, found).colours![0]!.data,
      };
    };
    const first = search();
    expect(first.ids).toEqual(expected.map((row) => row.id).sort());
    expect(new Map(first.colours.map((item) => [item.value, item.count]))).toEqual(colourCounts);
    // More distinct filters than a segment remembers, then the first one again.
    for (let n = 0; n < 40; n++)
      matchDocuments(
        index,
        parseSearchRequest({ query: '', filters: { category: `none-${n}` } }),
        'en-us',
        localeLexeme('en-us'),
        null,
      );
    expect(search()).toEqual(first);
  });

  it('re-reads only the changed rows after a change, and forgets removed ones', async () => {
    const index = await loadIndex(h.handle.db, 'ridgeline', 0);
    const before = index.total;
    await h.handle.db.execute(
      sql`update content_publications set title = 'Sastrugi field notes',
          fields = jsonb_set(fields, '{title}', '"Sastrugi field notes"'), published_at = now()
          where content_type = 'support' and uid = 'icy-decking' and locale = 'en-us'`,
    );
    await h.search.sync();
    await h.handle.db.execute(
      sql`delete from search_documents where engine = 'ridgeline' and locale = 'it' and id = 'support-icy-decking'`,
    );
    const refreshed = await refreshIndex(h.handle.db, 'ridgeline', index, 1);
    expect(refreshed).not.toBeNull();
    expect(refreshed!.changed).toBeGreaterThanOrEqual(1);
    expect(refreshed!.changed).toBeLessThanOrEqual(8);
    expect(refreshed!.removed).toBe(1);
    expect(index.total).toBe(before - 1);
    const found = matchDocuments(
      index,
      parseSearchRequest({ query: 'sastrugi' }),
      'en-us',
      localeLexeme('en-us'),
      {
        text: "'sastrugi'",
        coverDensity: false,
      },
    );
    expect(found.map(({ doc }) => doc.id)).toEqual(['support-icy-decking']);
    const gone = matchDocuments(index, parseSearchRequest({ query: '' }), 'it', localeLexeme('it'), null);
    expect(gone.some(({ doc }) => doc.id === 'support-icy-decking')).toBe(false);
    // Every document is found where the refresh put it (new segments included): nothing to read again.
    const again = await refreshIndex(h.handle.db, 'ridgeline', index, 2);
    expect(again).toMatchObject({ changed: 0, removed: 0 });
    expect(index.total).toBe(before - 1);
  });
});

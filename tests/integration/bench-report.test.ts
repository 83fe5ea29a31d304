// How `npm run bench` turns the scripts' BENCH_JSON into table rows (bench/lib): goals entries, the search
// growth table, and a part whose script does not exist yet. Pure shaping; no timings.
import { describe, expect, it } from 'vitest';
import { childPart, growthRows, rowsFromBenchJson } from '../../bench/lib/parts.ts';
import { goalRows, table } from '../../bench/lib/report.ts';

describe('bench rows', () => {
  it('turns goals entries into rows with a verdict, and a malformed entry into n/a', () => {
    const rows = goalRows('search', [
      { item: '10k p95', figure: 'p95 23 ms', goal: '≤ 30 ms', met: true },
      { item: '50k p95', figure: 'p95 71 ms', goal: '≤ 60 ms', met: false },
      { item: 'index build', figure: 'not measured', goal: '≤ 120 s', met: null },
      { item: 'broken' },
    ]);
    expect(rows.map((row) => [row.item, row.verdict])).toEqual([
      ['10k p95', 'met'],
      ['50k p95', 'NOT met'],
      ['index build', 'n/a'],
      ['broken', 'n/a'],
    ]);
    expect(rows[0]).toMatchObject({ area: 'search', figure: 'p95 23 ms', goal: '≤ 30 ms' });
  });

  it('reads the growth table, one row per database and size, and keeps goals and growth out of the generic rows', () => {
    const json = {
      goals: [{ item: 'x', figure: 'p95 1 ms', goal: '≤ 2 ms', met: true }],
      growth: [{ target: 'pglite', products: 1000, build_s: 2.5, memory: { p50: 1.2, p95: 3.4 }, load: 9 }],
      pglite: { search: { p50_ms: 1, p95_ms: 2 } },
    };
    const [row] = growthRows('search', json.growth);
    expect(row!.item).toBe('growth · pglite · 1,000 products');
    expect(row!.figure).toBe('2.50 s index build · 1.20 ms p50, 3.40 ms p95 · load 9.00');
    const generic = rowsFromBenchJson('search', json);
    expect(generic.map((each) => each.item)).toEqual(['pglite · search']);
  });

  it("takes a node's own target over the file-wide one, and gives a node with neither no goal", () => {
    const rows = rowsFromBenchJson('search', {
      targets_ms: { suggestion_p95: 15 },
      pglite_50000: { search: { p50_ms: 12, p95_ms: 34.7, target: 60 }, suggestion: { p95_ms: 0.2 } },
      pglite_100000: { search: { p50_ms: 25.4, p95_ms: 66.2 } },
    });
    const byItem = new Map(rows.map((row) => [row.item, row]));
    expect(byItem.get('pglite_50000 · search')).toMatchObject({ goal: 'p95 ≤ 60 ms', verdict: 'met' });
    expect(byItem.get('pglite_50000 · suggestion')).toMatchObject({ goal: 'p95 ≤ 15 ms', verdict: 'met' });
    expect(byItem.get('pglite_100000 · search')?.goal ?? '').toBe('');
    expect(byItem.get('pglite_100000 · search')?.verdict ?? '').toBe('');
  });

  it('shows a part whose script is missing as n/a without running anything', async () => {
    const result = await childPart({
      area: 'overload',
      item: '',
      script: 'bench/no-such-script.ts',
      env: {},
      timeoutMs: 1000,
    });
    expect(result.rows).toEqual([
      { area: 'overload', item: 'bench/no-such-script.ts', figure: 'n/a: script missing', verdict: 'n/a' },
    ]);
  });

  it('prints an extra column when asked', () => {
    const printed = table([{ area: 'a', item: 'b', figure: 'c', goal: 'd', verdict: 'met' }], {
      title: 'Load',
      cell: () => '1.5',
    });
    expect(printed.split('\n')[0]).toContain('| Load |');
    expect(printed.split('\n')[2]).toContain('| 1.5  |');
  });
});

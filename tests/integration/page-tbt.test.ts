// How bench/page-tbt.ts reads what a page reported about its own long tasks: Lighthouse's TBT rule (the part of
// each task over 50 ms, tasks from the first contentful paint on) and a title that is not a report. Pure; no browser.
import { describe, expect, it } from 'vitest';
import { blockingTime, parseTitle } from '../../bench/page-tbt.ts';

describe('observed TBT', () => {
  it('counts only the time over 50 ms of the tasks that start at or after the first paint', () => {
    const tasks = [
      { startMs: 100, durationMs: 300 }, // before the first paint: not blocking by the rule
      { startMs: 400, durationMs: 120 }, // 70 over
      { startMs: 900, durationMs: 50 }, // exactly 50: nothing over
      { startMs: 1500, durationMs: 81 }, // 31 over
    ];
    expect(blockingTime(400, tasks)).toBe(101);
    expect(blockingTime(2000, tasks)).toBe(0);
  });

  it('reads the report the page writes into its title', () => {
    expect(parseTitle('TBT;412;390,75;1200,130')).toEqual({
      fcpMs: 412,
      longTasks: [
        { startMs: 390, durationMs: 75 },
        { startMs: 1200, durationMs: 130 },
      ],
      tbtMs: 80,
    });
    expect(parseTitle('TBT;300;')).toEqual({ fcpMs: 300, longTasks: [], tbtMs: 0 });
  });

  it('takes a page title that is not a report (yet) as nothing, including a page that never painted', () => {
    expect(parseTitle('Snowshoes | Ridgeline Snowshoe Co.')).toBeNull();
    expect(parseTitle('TBT;-1;')).toBeNull();
    expect(parseTitle('TBT;abc;')).toBeNull();
  });
});

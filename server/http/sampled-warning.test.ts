import { describe, expect, it } from 'vitest';
import { sampledWarning } from './sampled-warning.ts';

function recorder() {
  const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  return {
    lines,
    logger: { warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) },
  };
}

describe('sampledWarning', () => {
  it('warns on the first and then every hundredth occurrence, with the count so far', () => {
    const { lines, logger } = recorder();
    const warn = sampledWarning(logger as never, 'busy, answered 503');
    for (let index = 0; index < 250; index++) warn('busy', { path: `/p/${index}` });
    expect(lines.map((line) => line.fields.count)).toEqual([1, 101, 201]);
    expect(lines[1]).toEqual({
      fields: { path: '/p/100', kind: 'busy', count: 101 },
      message: 'busy, answered 503',
    });
  });

  it('counts each kind apart, so a rare kind is not hidden behind a frequent one', () => {
    const { lines, logger } = recorder();
    const warn = sampledWarning(logger as never, 'answered 503');
    for (let index = 0; index < 150; index++) warn('busy', {});
    warn('unavailable', {});
    expect(lines.map((line) => [line.fields.kind, line.fields.count])).toEqual([
      ['busy', 1],
      ['busy', 101],
      ['unavailable', 1],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { compilePattern, PatternError } from './pattern.ts';

describe('compilePattern', () => {
  it('matches in time linear in the text, even for patterns that make a backtracking engine explode', () => {
    const text = 'a walk in deep fresh snow '.repeat(4000);
    const started = performance.now();
    expect(compilePattern('([a-z ]+)+!', '').test(text)).toBe(false);
    expect(compilePattern('(.*a){20}!', '').test(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('runs the common forms with the i, m and s options, and ignores other option letters', () => {
    expect(compilePattern('snow', '').test('Deep snow')).toBe(true);
    expect(compilePattern('^deep', '').test('Deep snow')).toBe(false);
    expect(compilePattern('^deep', 'i').test('Deep snow')).toBe(true);
    expect(compilePattern('^snow$', 'm').test('deep\nsnow')).toBe(true);
    expect(compilePattern('deep.snow', 's').test('deep\nsnow')).toBe(true);
    expect(compilePattern('^(hut|trail) \\d+$', 'xg').test('trail 12')).toBe(true);
  });

  it('refuses backreferences, lookaround, bad syntax and long or non-string patterns', () => {
    for (const source of ['(a)\\1', 'a(?=b)', '(?<!x)a', '[', 'x'.repeat(201), 42, null])
      expect(() => compilePattern(source, ''), String(source)).toThrow(PatternError);
  });
});

import { RE2JS, RE2JSException } from 're2js';

/**
 * The `$regex` operator's patterns, run by RE2 (the re2js port: plain JavaScript, nothing to build or
 * download): matching takes time linear in the text, whatever the pattern. JavaScript's own engine
 * backtracks, so one delivery query such as `([a-z ]+)+!` against a title kept the event loop busy for hours
 * and every other request of the server waited with it (issue 17 #7).
 *
 * RE2 runs the forms a delivery query uses (substrings, anchors, classes, alternation, repetition, the `i`,
 * `m` and `s` options) and refuses, at parse time, the ones that need backtracking: backreferences and
 * lookaround. Those are answered 400 with the reason instead.
 */
export const MAX_PATTERN_LENGTH = 200;
const CACHE_SIZE = 200;

export interface Pattern {
  test(text: string): boolean;
}

export class PatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatternError';
  }
}

const FLAGS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
};

// One query tests the same pattern against every entry of a content type: compile it once.
const compiled = new Map<string, Pattern>();

export function compilePattern(source: unknown, options: unknown): Pattern {
  if (typeof source !== 'string' || source.length > MAX_PATTERN_LENGTH)
    throw new PatternError(`$regex takes a string of at most ${MAX_PATTERN_LENGTH} characters.`);
  const letters = typeof options === 'string' ? [...new Set(options)].filter((flag) => flag in FLAGS) : [];
  const key = `${letters.sort().join('')}/${source}`;
  const known = compiled.get(key);
  if (known) return known;
  let re: RE2JS;
  try {
    re = RE2JS.compile(
      source,
      letters.reduce((flags, flag) => flags | FLAGS[flag]!, 0),
    );
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    throw new PatternError(
      `$regex is not a pattern the service runs (${error.message}). Backreferences and lookaround are not supported.`,
    );
  }
  const pattern: Pattern = { test: (text) => re.matcher(text).find() };
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, pattern);
  return pattern;
}

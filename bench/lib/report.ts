/**
 * The shapes every bench part returns and the one table they end up in. A part never throws to the runner: it
 * returns rows (figure, goal, verdict) and notes; a part that could not run returns an 'n/a' row saying why.
 */

import { execFileSync } from 'node:child_process';
import { cpus, freemem, loadavg, totalmem } from 'node:os';

export type Verdict = 'met' | 'NOT met' | 'n/a' | '';

export interface Row {
  area: string;
  item: string;
  figure: string;
  goal?: string;
  verdict?: Verdict;
}

export interface PartResult {
  rows: Row[];
  /**
   * Supporting figures (a script's generic figures when it also reports goals, per-route budgets): RESULTS.md
   * only, under the part's own table, so the printed table keeps one line per figure that has a goal.
   */
  details?: Row[];
  /** Paragraphs for RESULTS.md (markdown), under the part's own heading. */
  notes: string[];
}

/** A `goals` entry of a bench script's BENCH_JSON (issue 22 convention): one issue target it measured. */
export interface GoalEntry {
  item: string;
  figure: string;
  goal: string;
  met: boolean | null;
}

/** Goal entries as rows; malformed entries (a script's bug) become an 'n/a' row rather than vanishing. */
export function goalRows(area: string, goals: unknown[], prefix = ''): Row[] {
  return goals.map((entry, index) => {
    const goal = entry as Partial<GoalEntry> | null;
    const item = [prefix, typeof goal?.item === 'string' ? goal.item : `goal ${index + 1}`]
      .filter(Boolean)
      .join(' · ');
    if (!goal || typeof goal.figure !== 'string' || typeof goal.goal !== 'string')
      return na(area, item, 'malformed goals entry');
    return {
      area,
      item,
      figure: goal.figure,
      goal: goal.goal,
      verdict: verdict(typeof goal.met === 'boolean' ? goal.met : null),
    };
  });
}

export const verdict = (met: boolean | null): Verdict => (met === null ? 'n/a' : met ? 'met' : 'NOT met');

export const na = (area: string, item: string, why: string): Row => ({
  area,
  item,
  figure: `n/a: ${why}`,
  verdict: 'n/a',
});

export function progress(message: string): void {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)} load ${load}] ${message}\n`);
}

export interface Machine {
  cores: number;
  cpu: string;
  ramGb: string;
  freeGb: string;
  node: string;
  commit: string;
  dirty: boolean;
  date: string;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function machine(): Machine {
  let cores = cpus().length;
  try {
    cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || cores;
  } catch {
    // nproc missing: the count Node sees is the same figure on Linux.
  }
  return {
    cores,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    ramGb: (totalmem() / 1024 ** 3).toFixed(1),
    freeGb: (freemem() / 1024 ** 3).toFixed(1),
    node: process.version,
    commit: git(['rev-parse', '--short', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    date: new Date().toISOString(),
  };
}

export const loadText = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A markdown table: readable as text on a terminal and rendered in RESULTS.md. */
export function table(rows: Row[], extra?: { title: string; cell: (row: Row) => string }): string {
  const head = ['Area', 'Item', 'Figure', 'Goal', 'Verdict', ...(extra ? [extra.title] : [])];
  const cells = rows.map((row) =>
    [
      row.area,
      row.item,
      row.figure,
      row.goal ?? '',
      row.verdict ?? '',
      ...(extra ? [extra.cell(row)] : []),
    ].map(escapeCell),
  );
  const widths = head.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  );
  const format = (line: string[]) =>
    `| ${line.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    format(head),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.map(format),
  ].join('\n');
}

export const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const int = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

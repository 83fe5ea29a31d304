/**
 * Parts that read other scripts' figures: the JavaScript budget (scripts/js-budget.mjs, its printed lines) and
 * the bench scripts that end with a `BENCH_JSON {...}` line (search, pages, overload, media). Those scripts
 * belong to different parts of the store and change on their own schedule, so their JSON is read in two ways:
 * its `goals` entries (issue 22 convention: item, figure, goal, met) are the part's rows, and every other
 * object holding latency or throughput figures becomes a supporting row (the part's only rows when the script
 * has no `goals` yet). A missing script, no line, or a failed script is one 'n/a' row.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runScript } from './processes.ts';
import { fixed, goalRows, int, na, type PartResult, progress, type Row, verdict } from './report.ts';

/** Issue 22: the product page's JavaScript (issue 10 asked ≤ 125 KB). */
const PRODUCT_GOAL_KB = 115;

export function jsBudget(): PartResult {
  const area = 'JS per route (gzip)';
  progress('JavaScript per route: node scripts/js-budget.mjs');
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/js-budget.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const budgets: Row[] = [];
  for (const line of (run.stdout ?? '').split('\n')) {
    const match = /^(ok|OVER)\s+(\S+)\s+([\d.]+) KB gzip \(budget ([\d.]+) KB\)/.exec(line);
    if (!match) continue;
    const [, mark, route, kb, budget] = match;
    budgets.push({
      area,
      item: `${route!} (budget file)`,
      figure: `${kb} KB`,
      goal: `≤ ${budget} KB`,
      verdict: verdict(mark === 'ok'),
    });
  }
  // The issue's own goal for the product page is the part's row; the budget file's per-route figures support
  // it in RESULTS.md, and a route over its budget is shown in the table too (it fails `npm test`).
  const rows: Row[] = [];
  const product = budgets.find((row) => row.item.startsWith('routes/product '));
  if (product)
    rows.push({
      area,
      item: 'product page (routes/product)',
      figure: `${product.figure} gzip`,
      goal: `≤ ${PRODUCT_GOAL_KB} KB gzip`,
      verdict: verdict(Number.parseFloat(product.figure) <= PRODUCT_GOAL_KB),
    });
  rows.push(...budgets.filter((row) => row.verdict === 'NOT met'));
  if (budgets.length === 0)
    return {
      rows: [
        na(
          area,
          'all routes',
          `js-budget printed no figures (exit ${run.status}): ${(run.stderr ?? '').trim().split('\n')[0] ?? ''}`,
        ),
      ],
      notes: [],
    };
  return {
    rows,
    details: budgets,
    notes: ['- JavaScript: gzip level 9 of every script a page of the route loads, from the build manifest.'],
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const FIGURE_KEYS = ['p50', 'p95', 'p97_5', 'p99', 'max', 'rps', 'ratio'] as const;
const TARGET_KEYS = ['target', 'budget', 'goal', 'targetP95', 'target_p95'];
/** Objects that hold goals or context rather than figures. */
const SETTINGS_KEYS = new Set(['targets_ms', 'targets', 'budgets', 'loadavg', 'load', 'goals', 'growth']);

/** The node's numbers with a `_ms` / `Ms` unit suffix taken off their names (`p95_ms` and `p95` alike). */
function numbers(node: Json): Map<string, number> {
  const map = new Map<string, number>();
  for (const [key, value] of Object.entries(node)) {
    const n = num(value);
    if (n !== null) map.set(key.replace(/(_ms|Ms)$/, ''), n);
  }
  return map;
}

interface Found {
  figure: string;
  goal?: string;
  met: boolean | null;
}

/**
 * Figures of one node. Its target is its own `target`/`budget` field, or, by the search script's convention,
 * `targets_ms.<key>_p95` at the top of the JSON with `<key>_target_met` next to the node.
 */
function describe(node: Json, key: string, parent: Json | null, root: Json): Found | null {
  const values = numbers(node);
  const parts: string[] = [];
  for (const name of FIGURE_KEYS) {
    const value = values.get(name);
    if (value === undefined) continue;
    if (name === 'rps') parts.push(`${int(value)} req/s`);
    else if (name === 'ratio') parts.push(`${fixed(value, 2)}x`);
    else parts.push(`${name.replace('_', '.')} ${fixed(value, value < 10 ? 2 : 1)} ms`);
  }
  if (parts.length === 0) return null;
  // A baseline row (the pages script's bare shell) is there for comparison and has no target.
  if (/baseline/i.test(key)) return { figure: parts.join(' · '), met: null };
  const targetsNode = [root.targets_ms, root.targets, root.budgets].find(isObject);
  const targets = targetsNode ? numbers(targetsNode) : new Map<string, number>();
  const target =
    TARGET_KEYS.map((name) => values.get(name)).find((value) => value !== undefined) ??
    targets.get(`${key}_p95`) ??
    targets.get('p95') ??
    null;
  const metField =
    typeof node.met === 'boolean'
      ? node.met
      : typeof node.overBudget === 'boolean'
        ? !node.overBudget
        : parent && typeof parent[`${key}_target_met`] === 'boolean'
          ? (parent[`${key}_target_met`] as boolean)
          : null;
  if (target === null) return { figure: parts.join(' · '), met: metField };
  const which = values.has('p95') ? 'p95' : values.has('p97_5') ? 'p97.5' : 'p99';
  const measured = values.get(which);
  return {
    figure: parts.join(' · '),
    goal: `${which} ≤ ${target} ms`,
    met: metField ?? (measured === undefined ? null : measured <= target),
  };
}

/** Every object with figures in a BENCH_JSON value, as rows labelled by their path. */
export function rowsFromBenchJson(area: string, json: Json, prefix = ''): Row[] {
  const rows: Row[] = [];
  const walk = (node: unknown, path: string[], parent: Json | null) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        const label =
          isObject(item) && typeof item.name === 'string'
            ? item.name
            : isObject(item) && typeof item.label === 'string'
              ? item.label
              : String(index);
        walk(item, [...path, label], null);
      });
      return;
    }
    if (!isObject(node)) return;
    const found = describe(node, path.at(-1) ?? '', parent, json);
    if (found) {
      rows.push({
        area,
        item: [prefix, ...path].filter(Boolean).join(' · ') || area,
        figure: found.figure,
        goal: found.goal,
        verdict: found.goal || found.met !== null ? verdict(found.met) : '',
      });
    }
    for (const [key, value] of Object.entries(node)) {
      if (SETTINGS_KEYS.has(key)) continue;
      if (isObject(value) || Array.isArray(value)) walk(value, [...path, key], node);
    }
  };
  walk(json, [], null);
  return rows;
}

const fig = (value: unknown, unit: string) => {
  const n = num(value);
  return n === null ? null : `${fixed(n, n < 10 ? 2 : 1)}${unit}`;
};

/**
 * The search script's `growth` array (one object per database and catalogue size) as one row each: how search
 * grows with the catalogue, read together. Fields it lacks are left out, so a changed shape degrades gracefully.
 */
export function growthRows(area: string, growth: unknown[]): Row[] {
  return growth.filter(isObject).map((entry) => {
    const products = num(entry.products);
    const memory = isObject(entry.memory) ? entry.memory : {};
    const sql = isObject(entry.sql) ? entry.sql : {};
    const parts = [
      fig(entry.build_s, ' s index build'),
      fig(entry.memory_load_s, ' s index load'),
      [fig(memory.p50, ' ms p50'), fig(memory.p95, ' ms p95')].filter(Boolean).join(', ') || null,
      fig(sql.p95, ' ms p95 on SQL (before)'),
      num(entry.load) === null ? null : `load ${fixed(num(entry.load)!, 2)}`,
    ].filter(Boolean);
    return {
      area,
      item: `growth · ${typeof entry.target === 'string' ? `${entry.target} · ` : ''}${products === null ? '?' : int(products)} products`,
      figure: parts.join(' · ') || JSON.stringify(entry).slice(0, 120),
    };
  });
}

/**
 * Runs one bench script and turns its BENCH_JSON line into rows: its `goals` and `growth` when it has them
 * (the generic figures then go to the details), else the generic figures. Any failure is an 'n/a' row.
 */
export async function childPart(options: {
  area: string;
  item: string;
  script: string;
  env: Record<string, string>;
  timeoutMs: number;
  core?: number | null;
}): Promise<PartResult> {
  const label = options.item || options.script;
  // A part whose script is still being written on another branch says so instead of failing.
  if (!existsSync(join(ROOT, options.script)))
    return { rows: [na(options.area, label, 'script missing')], notes: [] };
  progress(`${options.area}${options.item ? ` · ${options.item}` : ''}: tsx ${options.script}`);
  try {
    const result = await runScript(options.script, options.env, {
      timeoutMs: options.timeoutMs,
      label: `${options.script.replace(/^bench\//, '')}${options.item ? ` ${options.item}` : ''}`,
      core: options.core ?? null,
    });
    const tail = result.output.trim().split('\n').slice(-1)[0] ?? '';
    if (!result.json) {
      const why = result.timedOut
        ? `timed out after ${options.timeoutMs / 1000} s`
        : result.code === 0
          ? 'no BENCH_JSON line yet'
          : `exit ${result.code}: ${tail.slice(0, 120)}`;
      return { rows: [na(options.area, label, why)], notes: [] };
    }
    const json = result.json;
    const generic = rowsFromBenchJson(options.area, json, options.item);
    const goals = Array.isArray(json.goals) ? goalRows(options.area, json.goals, options.item) : [];
    const growth = Array.isArray(json.growth) ? growthRows(options.area, json.growth) : [];
    const rows = goals.length > 0 || growth.length > 0 ? [...goals, ...growth] : generic;
    const details = rows === generic ? [] : generic;
    if (rows.length === 0)
      return { rows: [na(options.area, label, 'BENCH_JSON holds no figures')], notes: [] };
    // The scripts exit non-zero when a figure misses its budget; their figures still stand.
    const notes =
      result.code === 0
        ? []
        : [`- ${options.script} (${label}) exited with ${result.code}: a figure missed its own budget.`];
    return { rows, details, notes };
  } catch (error) {
    return { rows: [na(options.area, label, (error as Error).message)], notes: [] };
  }
}

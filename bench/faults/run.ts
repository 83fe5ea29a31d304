/**
 * The fault and load scripts of issue 10, one after another: `npm run bench:faults -- [--quick]`.
 * Each also runs alone (`tsx bench/faults/<name>.ts --help`-free options, see each file's header). Options
 * given here (`--quick`, `--pg-port`, …) are passed to every script; pg-restart and pg-stop-writes keep their own cluster default.
 * Build first (`npm run build`); the scripts never build.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const SCRIPTS = [
  'kill-checkout',
  'pg-restart',
  'pg-stop-writes',
  'slow-db',
  'soak',
  'scale-out',
  'flash-sale',
];
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const results: [string, number | null, number][] = [];
for (const name of SCRIPTS) {
  process.stdout.write(`\n=== ${name} ${'='.repeat(60 - name.length)}\n`);
  const started = performance.now();
  // soak defaults to 30 minutes; a run of the whole set without --quick uses 5.
  const extra = name === 'soak' && !quick && !args.includes('--minutes') ? ['--minutes', '5'] : [];
  const own =
    name === 'pg-restart' || name === 'pg-stop-writes'
      ? args.filter((arg, i) => arg !== '--pg-port' && args[i - 1] !== '--pg-port')
      : args;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, `${name}.ts`), ...own, ...extra],
    {
      stdio: 'inherit',
    },
  );
  results.push([name, run.status, (performance.now() - started) / 1000]);
}
process.stdout.write('\n=== summary ==========================================================\n');
for (const [name, status, seconds] of results)
  process.stdout.write(
    `${name.padEnd(16)} ${status === 0 ? 'ok' : `FAILED (exit ${status})`}  ${seconds.toFixed(0)} s\n`,
  );
process.exitCode = results.every(([, status]) => status === 0) ? 0 : 1;

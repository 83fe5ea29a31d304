import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import {
  ContentManagementError,
  createContentManagement,
  createContentServices,
  type EntryInput,
} from '../server/content/index.ts';
import type { DatabaseHandle } from '../server/db/database.ts';
import { onEachDatabase, percentile, print, round } from './lib/database-bench.ts';

/**
 * Issue 21's bench: saving and publishing a banner that 100 published pages reference, and the time until the
 * storefront serves the change. The storefront is the app's own content client built as the server builds it
 * (in process, through the delivery protocol, with its read cache that follows the 'content' data version), so
 * "serves" includes the cache noticing the publish. One round: save the banner with a new title (a new version),
 * publish it to production, then read a page that includes the banner every 2 ms until it shows the new title.
 */

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const ENVIRONMENTS = ['production', 'staging', 'development'];

const report: Record<string, unknown> = {
  pages: PAGES,
  rounds: ROUNDS,
  cores: cpus().length,
  load_start: Number(loadavg()[0]!.toFixed(2)),
};

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1)!),
  };
};

async function run(handle: DatabaseHandle): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-bench-content-'));
  try {
    await handle.migrate();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const content = createContentServices({ config, db: handle.db });
    const management = createContentManagement({ db: handle.db, config });
    const banner = { uid: 'bench-banner', _content_type_uid: 'banner' };
    const entries: EntryInput[] = [
      {
        contentType: 'banner',
        uid: banner.uid,
        locale: 'en-us',
        fields: { title: 'Bench banner 0', background: { type: 'Image', amplience_id: 'banner-powder-day' } },
        publishTo: ENVIRONMENTS,
      },
      ...Array.from({ length: PAGES }, (_, i) => ({
        contentType: 'page',
        uid: `bench-page-${i}`,
        locale: 'en-us',
        fields: {
          title: `Bench page ${i}`,
          url: `/bench-page-${i}`,
          landing_page: {
            modules: [
              { type: 'banner', banner: [banner] },
              { type: 'text', text: `Page ${i}` },
            ],
          },
        },
        publishTo: ENVIRONMENTS,
      })),
    ];
    let started = performance.now();
    await content.store.putEntries(entries);
    print(
      `  imported 1 banner and ${PAGES} pages referencing it in ${round(performance.now() - started)} ms`,
    );
    const editor = { token: 'bench' };
    const bannerTitle = async (page: number) => {
      const found = (await content.client.pageByUrl(`/bench-page-${page}`, 'en-us')) as {
        landing_page?: { modules?: Array<{ banner?: Array<{ title?: string }> }> };
      } | null;
      return found?.landing_page?.modules?.[0]?.banner?.[0]?.title;
    };
    // Warm the client's cache as live traffic would.
    for (let i = 0; i < 5; i++) await bannerTitle(i);

    const save: number[] = [];
    const publish: number[] = [];
    const served: number[] = [];
    const refused: number[] = [];
    for (let round_ = 1; round_ <= ROUNDS; round_++) {
      const title = `Bench banner ${round_}`;
      const page = (round_ * 37) % PAGES;
      started = performance.now();
      await management.saveEntry(editor, {
        contentType: 'banner',
        uid: banner.uid,
        locale: 'en-us',
        fields: { title, background: { type: 'Image', amplience_id: 'banner-powder-day' } },
      });
      save.push(performance.now() - started);
      if ((await bannerTitle(page)) === title) throw new Error('a save changed what the storefront serves');
      started = performance.now();
      await management.publish(editor, {
        contentType: 'banner',
        uid: banner.uid,
        locales: ['en-us'],
        environments: ['production'],
      });
      const published = performance.now();
      publish.push(published - started);
      while ((await bannerTitle(page)) !== title) {
        if (performance.now() - published > 10_000)
          throw new Error('the storefront did not serve the change');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      served.push(performance.now() - published);
      // An unpublish is refused with the 100 pages that still reference the banner.
      started = performance.now();
      try {
        await management.unpublish(editor, {
          contentType: 'banner',
          uid: banner.uid,
          locales: ['en-us'],
          environments: ['production'],
        });
        throw new Error('the unpublish was not refused');
      } catch (error) {
        if (!(error instanceof ContentManagementError) || error.refusal.code !== 'referenced') throw error;
        if (error.refusal.referrers.length !== PAGES) throw new Error('the refusal did not list every page');
      }
      refused.push(performance.now() - started);
    }
    const figures = {
      save_ms: stats(save),
      publish_ms: stats(publish),
      served_after_publish_ms: stats(served),
      refused_unpublish_ms: stats(refused),
    };
    const line = (name: string, value: { p50: number; p95: number; max: number }) =>
      print(
        `  ${name.padEnd(44)} p50 ${String(value.p50).padStart(6)} ms  p95 ${String(value.p95).padStart(6)} ms  max ${String(value.max).padStart(6)} ms`,
      );
    line('save (a new version of the banner)', figures.save_ms);
    line('publish to production', figures.publish_ms);
    line('publish → storefront serves it (cached client)', figures.served_after_publish_ms);
    line(`unpublish refused, ${PAGES} referrers listed`, figures.refused_unpublish_ms);
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

print(
  `Content publish benchmark: 1 banner referenced by ${PAGES} pages, ${ROUNDS} rounds, ${report.cores} cores, load ${report.load_start}`,
);
await onEachDatabase(report, run);
report.load_end = Number(loadavg()[0]!.toFixed(2));
print(`\n${JSON.stringify(report)}`);

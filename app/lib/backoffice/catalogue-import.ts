import { z } from 'zod';
import type { CatalogueImportReport, CatalogueImportResult } from '#server/commerce/index.ts';

/**
 * The catalogue import's forms and answers (issue 20), shared by the import page (products-import.tsx: the dry
 * run, and the confirmation without JavaScript) and the streamed import (products-import-run.tsx).
 */

/** Rows of changes and errors a page lists; the counts are always complete. */
export const LISTED_ROWS = 500;

export const dryRunForm = z.object({
  intent: z.literal('dry-run'),
  file: z
    .instanceof(File, { message: 'Choose a CSV file.' })
    .refine((file) => file.size > 0, 'Choose a CSV file; this one is empty.'),
});

export const confirmImportForm = z.object({
  intent: z.literal('import'),
  csv: z.string().min(1, 'The file to import is missing; upload it again.'),
  fileName: z.string().max(255).default(''),
  /** The tick that lets rows dropping a price by more than half through (issue 40). */
  confirmDrops: z.literal('1').optional(),
});

export const importForm = z.discriminatedUnion('intent', [dryRunForm, confirmImportForm]);

export function listedReport(report: CatalogueImportReport) {
  return {
    rows: report.rows,
    unchanged: report.unchanged,
    changeCount: report.changes.length,
    errorCount: report.errors.length,
    dropCount: report.drops.length,
    changes: report.changes.slice(0, LISTED_ROWS),
    errors: report.errors.slice(0, LISTED_ROWS),
    drops: report.drops.slice(0, LISTED_ROWS),
  };
}

export type ListedReport = ReturnType<typeof listedReport>;

/** What an import answers: what was written, or (the catalogue changed since the dry run) the new errors. */
export function importAnswer(result: CatalogueImportResult, fileName: string) {
  return {
    ok: result.errors.length === 0,
    stage: 'imported' as const,
    fileName,
    report: listedReport(result),
    written: result.written,
    stockChanges: result.stockChanges,
    priceChanges: result.priceChanges + result.variantPriceChanges,
    backInStock: result.backInStock,
  };
}

export type ImportAnswer = ReturnType<typeof importAnswer>;

/** One line of the streamed import (newline-delimited JSON). */
export type ImportStreamLine =
  | { progress: { done: number; total: number } }
  | { answer: ImportAnswer }
  | { failed: string };

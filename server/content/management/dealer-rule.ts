/**
 * The save rule of `dealer` entries: coordinates from the postal data the store locator uses
 * (seed/search/postal-centroids.json) when they are empty or the postal code changed, an unknown postal code
 * refused on its field, opening hours checked (core/dealer-entry.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { type PostalCentroid, placeDealer } from '#core/dealer-entry.ts';
import type { Database } from '../../db/database.ts';
import { contentEntries } from '../schema.ts';
import { MASTER_LOCALE } from '../store.ts';
import type { EntryRule } from './contract.ts';

const CENTROIDS_FILE = resolve(import.meta.dirname, '../../../seed/search/postal-centroids.json');

let centroids: PostalCentroid[] | null = null;

/** The store locator's postal-code centroids, read once. */
export function postalCentroids(): PostalCentroid[] {
  centroids ??= (JSON.parse(readFileSync(CENTROIDS_FILE, 'utf8')) as { entries: PostalCentroid[] }).entries;
  return centroids;
}

/** The fields of an entry's working copy before this save: its locale's own copy, else the master's. */
export type PreviousFields = (uid: string, locale: string) => Promise<Record<string, unknown> | null>;

export function workingCopyFields(db: Database, contentType: string): PreviousFields {
  return async (uid, locale) => {
    const rows = await db
      .select({ locale: contentEntries.locale, fields: contentEntries.fields })
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.contentType, contentType),
          eq(contentEntries.uid, uid),
          inArray(contentEntries.locale, [locale, MASTER_LOCALE]),
        ),
      );
    return (rows.find((row) => row.locale === locale) ?? rows[0])?.fields ?? null;
  };
}

export function createDealerRule(input: {
  previous: PreviousFields;
  table?: readonly PostalCentroid[];
}): EntryRule {
  return async (fields, { uid, locale }) =>
    placeDealer(fields, await input.previous(uid, locale), input.table ?? postalCentroids());
}

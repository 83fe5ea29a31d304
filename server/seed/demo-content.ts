/**
 * The demo store's content: the files under seed/content plus the entries built from the demo catalogue.
 * Called by the seed; idempotent.
 */
import { catalogueContent } from '../../seed/content/catalogue-content.ts';
import { CONTENT_DIR, DEMO_ENVIRONMENTS, importContent } from '../content/content-files.ts';
import type { Database } from '../db/database.ts';

export async function seedDemoContent(db: Database, publishTo: readonly string[] = DEMO_ENVIRONMENTS) {
  return importContent(db, { dir: CONTENT_DIR, built: catalogueContent(), publishTo });
}

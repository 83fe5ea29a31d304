/**
 * `npm run content:export [folder]` writes every entry to readable files (default seed/content);
 * `npm run content:import [folder]` reads them back (with the entries built from the demo catalogue when the
 * folder is seed/content). Both use the configured database (DATABASE_URL or the embedded one in DATA_DIR).
 */
import { resolve } from 'node:path';
import { catalogueContent } from '../../seed/content/catalogue-content.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { CONTENT_DIR, exportContent, importContent } from './content-files.ts';

const [command, folder] = process.argv.slice(2);
if (command !== 'export' && command !== 'import') {
  process.stderr.write('usage: tsx server/content/cli.ts export|import [folder]\n');
  process.exit(2);
}
const config = loadConfig(process.env);
const dir = folder ? resolve(folder) : CONTENT_DIR;
const handle = await openDatabase(config);
try {
  await handle.migrate();
  if (command === 'export') {
    const { files } = await exportContent(handle.db, dir);
    process.stdout.write(`Exported ${files} entries to ${dir}\n`);
  } else {
    const built = dir === CONTENT_DIR ? catalogueContent() : [];
    const result = await importContent(handle.db, {
      dir,
      built,
      publishTo: [...new Set([config.CONTENT_ENVIRONMENT, 'production', 'staging', 'development'])],
    });
    process.stdout.write(
      `Imported ${result.files} entries from ${dir}: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged\n`,
    );
  }
} finally {
  await handle.close();
}

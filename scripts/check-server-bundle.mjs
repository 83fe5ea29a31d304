// The route bundle must hold no copy of an engine: the server builds the services once and hands them to the
// loaders through the load context (docs/decisions/0001-one-set-of-services.md). A value import from server/
// into app/ would pull an engine's code in; this fails the build check when one does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dir = resolve(import.meta.dirname, '../build/server');
const files = readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.js'));
const code = files.map((name) => readFileSync(join(dir, String(name)), 'utf8')).join('\n');

// One marker per engine: names and strings that only its own module holds.
const ENGINES = {
  'commerce engine': [/function createCommerce\b/, /class CommerceError\b/, /function createCheckout\b/],
  'content service': [/function createContentService\b/, /function createContentStore\b/],
  'search service': [/function createSearchServices\b/, /function createEngine\b/],
  mailer: [/function createMailer\b/, /nodemailer/],
  'database drivers': [/@electric-sql\/pglite/, /drizzle-orm/, /from "pg"/],
  'media service': [/function createMediaRoutes\b/, /from "sharp"/],
};

const found = Object.entries(ENGINES).flatMap(([engine, markers]) =>
  markers.filter((marker) => marker.test(code)).map((marker) => `${engine} (${marker})`),
);
const size = Buffer.byteLength(code);
if (found.length > 0) {
  process.stderr.write(
    `build/server holds engine code it must reach through the load context:\n  ${found.join('\n  ')}\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `build/server: ${(size / 1024).toFixed(0)} KB in ${files.length} file(s), no engine copied\n`,
);

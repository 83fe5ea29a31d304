/**
 * Content as readable files (seed/content/…): one JSON file per entry, `{content_type}/{uid}.json`, holding the
 * entry's fields per locale. The seed imports them; `npm run content:export` writes the database back out, so
 * editors change content without code. Product entries are built from the demo catalogue (seed/content/products.ts);
 * a product file, when present, overrides the built entry locale by locale.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from '../db/database.ts';
import { contentTypeByUid } from './content-types.ts';
import { type AssetInput, createContentStore, type EntryInput, MASTER_LOCALE } from './store.ts';

export const CONTENT_DIR = resolve(import.meta.dirname, '../../seed/content');
/** Environments the demo content is published to. */
export const DEMO_ENVIRONMENTS = ['production', 'staging', 'development'] as const;
const ASSETS_FILE = '_assets.json';

export interface ContentFile {
  content_type: string;
  uid: string;
  /** Fields per locale; the master locale (en-us) is required. */
  locales: Record<string, Record<string, unknown>>;
}

export class ContentFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ContentFileError';
  }
}

export function validateContentFile(data: unknown, file: string): ContentFile {
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new ContentFileError(file, 'must hold an object');
  const record = data as Record<string, unknown>;
  if (typeof record.content_type !== 'string' || !contentTypeByUid(record.content_type))
    throw new ContentFileError(file, `unknown content_type ${JSON.stringify(record.content_type)}`);
  if (typeof record.uid !== 'string' || !/^[a-z0-9][a-z0-9_-]*$/.test(record.uid))
    throw new ContentFileError(file, 'uid must be lower-case letters, digits, - or _');
  const locales = record.locales;
  if (!locales || typeof locales !== 'object' || Array.isArray(locales))
    throw new ContentFileError(file, 'locales must be an object of locale → fields');
  if (!(MASTER_LOCALE in locales))
    throw new ContentFileError(file, `the ${MASTER_LOCALE} locale is required`);
  for (const [locale, fields] of Object.entries(locales)) {
    if (!/^[a-z]{2}(-[a-z]{2})?$/.test(locale)) throw new ContentFileError(file, `bad locale ${locale}`);
    if (!fields || typeof fields !== 'object' || Array.isArray(fields))
      throw new ContentFileError(file, `locale ${locale} must hold an object of fields`);
  }
  return { content_type: record.content_type, uid: record.uid, locales: locales as ContentFile['locales'] };
}

/** Reads every `{content_type}/{uid}.json` under a folder. */
export function readContentFiles(dir: string = CONTENT_DIR): ContentFile[] {
  const files: ContentFile[] = [];
  for (const type of readdirSync(dir).sort()) {
    const folder = join(dir, type);
    if (!statSync(folder).isDirectory()) continue;
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith('.json')) continue;
      const path = join(folder, name);
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        throw new ContentFileError(path, `not valid JSON (${(error as Error).message})`);
      }
      const file = validateContentFile(parsed, path);
      if (file.content_type !== type)
        throw new ContentFileError(path, `content_type must be ${type}, its folder`);
      if (`${file.uid}.json` !== name) throw new ContentFileError(path, `uid must match the file name`);
      files.push(file);
    }
  }
  return files;
}

export function readAssetFile(dir: string = CONTENT_DIR): Omit<AssetInput, 'publishTo'>[] {
  const path = join(dir, ASSETS_FILE);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Omit<AssetInput, 'publishTo'>[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ContentFileError(path, (error as Error).message);
  }
}

/** Merges files over built entries (a file's locale replaces the built one). */
export function mergeContent(base: readonly ContentFile[], overrides: readonly ContentFile[]): ContentFile[] {
  const byKey = new Map<string, ContentFile>();
  for (const file of base)
    byKey.set(`${file.content_type}/${file.uid}`, { ...file, locales: { ...file.locales } });
  for (const file of overrides) {
    const key = `${file.content_type}/${file.uid}`;
    const held = byKey.get(key);
    byKey.set(key, held ? { ...held, locales: { ...held.locales, ...file.locales } } : file);
  }
  return [...byKey.values()];
}

export function toEntryInputs(files: readonly ContentFile[], publishTo: readonly string[]): EntryInput[] {
  return files.flatMap((file) =>
    Object.entries(file.locales).map(([locale, fields]) => ({
      contentType: file.content_type,
      uid: file.uid,
      locale,
      fields,
      publishTo,
    })),
  );
}

/** Imports content files (plus built entries) into the database; idempotent. */
export async function importContent(
  db: Database,
  options: { dir?: string; built?: readonly ContentFile[]; publishTo?: readonly string[] } = {},
) {
  const dir = options.dir ?? CONTENT_DIR;
  const publishTo = options.publishTo ?? DEMO_ENVIRONMENTS;
  const files = mergeContent(options.built ?? [], readContentFiles(dir));
  const store = createContentStore(db);
  const counts = await store.putEntries(toEntryInputs(files, publishTo));
  await store.putAssets(readAssetFile(dir).map((asset) => ({ ...asset, publishTo })));
  return { files: files.length, ...counts };
}

/** Writes every entry of the database as `{content_type}/{uid}.json` files under a folder. */
export async function exportContent(db: Database, dir: string): Promise<{ files: number }> {
  const store = createContentStore(db);
  const rows = await store.allEntries();
  const files = new Map<string, ContentFile>();
  for (const row of rows) {
    const key = `${row.contentType}/${row.uid}`;
    const file = files.get(key) ?? { content_type: row.contentType, uid: row.uid, locales: {} };
    file.locales[row.locale] = row.fields;
    files.set(key, file);
  }
  for (const file of files.values()) {
    const ordered: ContentFile = {
      content_type: file.content_type,
      uid: file.uid,
      locales: Object.fromEntries(
        Object.entries(file.locales).sort(([a], [b]) =>
          a === MASTER_LOCALE ? -1 : b === MASTER_LOCALE ? 1 : a.localeCompare(b),
        ),
      ),
    };
    mkdirSync(join(dir, file.content_type), { recursive: true });
    writeFileSync(join(dir, file.content_type, `${file.uid}.json`), `${JSON.stringify(ordered, null, 2)}\n`);
  }
  const assets = await store.allAssets();
  if (assets.length > 0) {
    const list = assets.map((asset) => ({
      uid: asset.uid,
      ...(asset.locale !== MASTER_LOCALE ? { locale: asset.locale } : {}),
      title: asset.title,
      filename: asset.filename,
      url: asset.url,
      contentType: asset.contentType,
      ...(Object.keys(asset.fields).length > 0 ? { fields: asset.fields } : {}),
    }));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, ASSETS_FILE), `${JSON.stringify(list, null, 2)}\n`);
  }
  return { files: files.size };
}

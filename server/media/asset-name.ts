import { badRequest } from './errors.ts';

/**
 * Path safety for asset names taken from a URL. An asset name is one path segment of [A-Za-z0-9._-], at most
 * 128 characters, never `.`-led and never containing `..`; anything else (slashes, backslashes, colons of a
 * URL, NUL, percent-decoded dot segments) is refused before any file system call. Originals are then looked
 * up by joining a checked name to the originals folder, so a name can never leave it.
 */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isSafeAssetName(name: string): boolean {
  return ASSET_NAME.test(name) && !name.includes('..');
}

export function assertSafeAssetName(name: string): string {
  if (!isSafeAssetName(name)) {
    throw badRequest('The file name must be 1 to 128 of the characters A-Z a-z 0-9 . _ - with no "..".');
  }
  return name;
}

/** Image file extensions an original may have, in lookup order. */
export const ORIGINAL_EXTENSIONS = ['.svg', '.png', '.jpg', '.jpeg', '.webp'] as const;

/** Output extensions a request name may carry (`hero.jpg` asks for `hero` as JPEG when no fmt is given). */
const NAME_FORMATS: Record<string, 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
};

export interface RequestedName {
  /** The asset id without any image extension. */
  id: string;
  /** The format implied by the name's extension, if any. */
  impliedFormat?: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
  /** The name ended in `.json` (a metadata or set request). */
  json: boolean;
}

/** Splits a checked request name into the asset id and what its extension asks for. */
export function parseRequestedName(raw: string): RequestedName {
  const name = assertSafeAssetName(raw);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { id: name, json: false };
  const ext = name.slice(dot + 1).toLowerCase();
  const stem = name.slice(0, dot);
  if (ext === 'json') return { id: stem, json: true };
  const implied = NAME_FORMATS[ext];
  if (implied) return { id: stem, impliedFormat: implied, json: false };
  if (ext === 'svg') return { id: stem, json: false };
  return { id: name, json: false };
}

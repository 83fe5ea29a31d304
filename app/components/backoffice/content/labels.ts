import { MASTER_CONTENT_LOCALE } from '#core/locale.ts';

/** The content locales (SPEC §9) as an editor reads them. */
const LANGUAGE_NAMES: Record<string, string> = {
  'en-us': 'English',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  es: 'Spanish',
  sv: 'Swedish',
  no: 'Norwegian',
  ja: 'Japanese',
};

export function languageName(locale: string): string {
  return LANGUAGE_NAMES[locale] ?? locale;
}

/** "German (de)". */
export function localeLabel(locale: string): string {
  return `${languageName(locale)} (${locale})`;
}

const ENVIRONMENT_NAMES: Record<string, string> = { production: 'Production', staging: 'Staging' };

export function environmentLabel(environment: string): string {
  return ENVIRONMENT_NAMES[environment] ?? environment.charAt(0).toUpperCase() + environment.slice(1);
}

/** "2026-11-26 11:40 UTC" from a date (or its ISO text, as loader data carries it). */
export function dateTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const iso = typeof value === 'string' ? value : value.toISOString();
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** The content service's master locale: other locales fall back to it. */
export const MASTER_LOCALE = MASTER_CONTENT_LOCALE;

/** A small preview of an asset through the media service (`?w=160`). */
export function assetPreview(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=160`;
}

/** A media id's small preview through the media service (`/media/i/ridgeline/<id>?w=160`). */
export function mediaPreview(mediaId: string): string {
  return `/media/i/ridgeline/${encodeURIComponent(mediaId)}?w=160`;
}

/** The media id an asset of the library serves under (`/media/i/<alias>/<id>`), if it is an image of the media service. */
export function mediaIdOfAssetUrl(url: string): string | null {
  return /^\/media\/i\/[^/]+\/([a-z0-9][a-z0-9_-]*)(?:[?#]|$)/.exec(url)?.[1] ?? null;
}

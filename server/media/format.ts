import type { OutputFormat, RequestedFormat } from './params.ts';

/** Content types of the output formats. */
export const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** Media types an Accept header lists with a quality above 0 (wildcards kept as written). */
function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (!type) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    types.add(type.trim());
  }
  return types;
}

/**
 * fmt=auto picks the best format the client says it takes: AVIF, then WebP, then JPEG (PNG when the image has
 * transparency that no background fills). Wildcards do not count as AVIF/WebP support: old browsers send
 * `*\/*` and cannot decode them. An explicit format is returned as asked.
 */
export function negotiateFormat(
  requested: RequestedFormat,
  accept: string | undefined,
  hasAlpha: boolean,
): OutputFormat {
  if (requested !== 'auto') return requested;
  const types = acceptedTypes(accept);
  if (types.has('image/avif')) return 'avif';
  if (types.has('image/webp')) return 'webp';
  return hasAlpha ? 'png' : 'jpeg';
}

/**
 * Whether a request for an image set wants its first image rather than the set's JSON: an <img> asks for image
 * types only, while a script sends `*\/*` or JSON and a page navigation lists text/html first.
 */
export function prefersImage(accept: string | undefined): boolean {
  const types = acceptedTypes(accept);
  if (types.has('application/json') || types.has('text/html')) return false;
  for (const type of types) if (type.startsWith('image/')) return true;
  return false;
}

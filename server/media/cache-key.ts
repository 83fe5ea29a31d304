import { createHash } from 'node:crypto';
import { type ImageParams, normaliseParams, type OutputFormat } from './params.ts';

/** What identifies one version of an original file: a changed file (new mtime or size) gets new keys. */
export interface OriginalStamp {
  /** File name inside the originals folder. */
  file: string;
  mtimeMs: number;
  size: number;
}

/** Bumped when rendering changes in a way that must not reuse old cached files. */
const RENDER_VERSION = 'r1';

/**
 * The cache key of one rendering: a hash of the original (name, mtime, size), the normalised parameters and the
 * negotiated format. It names the cached file and is the ETag, so it must change whenever the bytes would.
 */
export function renderCacheKey(
  original: OriginalStamp,
  params: ImageParams,
  format: OutputFormat,
  extra = '',
): string {
  return createHash('sha256')
    .update(RENDER_VERSION)
    .update('\0')
    .update(original.file)
    .update('\0')
    .update(String(Math.trunc(original.mtimeMs)))
    .update('\0')
    .update(String(original.size))
    .update('\0')
    .update(normaliseParams(params, format))
    .update('\0')
    .update(extra)
    .digest('hex')
    .slice(0, 40);
}

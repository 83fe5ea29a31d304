import { resolve } from 'node:path';

/** Where the demo media lives in the repository (seed/media). */
export const MEDIA_SEED_DIR = resolve(import.meta.dirname, '../../seed/media');
export const MEDIA_ORIGINALS_DIR = resolve(MEDIA_SEED_DIR, 'originals');
export const MEDIA_MANIFEST = resolve(MEDIA_SEED_DIR, 'manifest.json');

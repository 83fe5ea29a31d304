/** The built-in media service (SPEC §7 media grammar, DESIGN /media): the router and the demo media names. */
export * from './asset-ids.ts';
export { MediaError } from './errors.ts';
export { MEDIA_MANIFEST, MEDIA_ORIGINALS_DIR } from './paths.ts';
export { createMediaRoutes, IMMUTABLE, type MediaRoutesOptions, VIDEO_PROFILES } from './routes.ts';

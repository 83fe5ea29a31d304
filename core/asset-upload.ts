/**
 * The asset library's word on a vector image (issue 21): an SVG is XML that can carry scripts and event
 * handlers, so it is never accepted; the media pipeline refuses it with its generic message, and the editor is
 * told why and what to do instead.
 */
export const SVG_REFUSAL =
  'SVG files are not accepted: they can carry scripts. Export the image as a PNG or JPEG and upload that.';

/** Whether the bytes (or the name) are an SVG image: an `<svg` element near the start of a text file. */
export function looksLikeSvg(bytes: Uint8Array, filename = ''): boolean {
  if (/\.svgz?$/i.test(filename)) return true;
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  return /^\s*(?:\uFEFF)?(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}

/**
 * Widths and `sizes` of the blog's images (issue 22: images never larger than shown). The widths cover the CSS
 * width of each place (editorial.css; .container max 84rem with a gutter of at least 1rem) at 1x to about 3x, with
 * one near 1000 px: a 412 px phone at 2.625x (Lighthouse's mobile device) shows a full-width image at ~995 px.
 * Each `sizes` entry is the largest width in its range, so the browser never picks an image smaller than shown.
 */

/** A post card (16:10): one column to 600 px, two to 1024 px, then three of at most 405 px. */
export const POST_CARD_WIDTHS = [320, 480, 640, 1000, 1280] as const;
export const POST_CARD_SIZES =
  '(min-width: 1024px) 405px, (min-width: 600px) calc(50vw - 28px), calc(100vw - 32px)';
/** The blog's lead card: its image takes 3/5 of the row from 900 px. */
export const LEAD_CARD_SIZES = '(min-width: 1344px) 740px, (min-width: 900px) 55vw, calc(100vw - 32px)';

/** A post's hero (2:1), the container's full width: at most 1264 px. */
export const POST_HERO_WIDTHS = [640, 1000, 1280, 1920, 2400] as const;
export const POST_HERO_SIZES = '(min-width: 1344px) 1264px, calc(100vw - 32px)';

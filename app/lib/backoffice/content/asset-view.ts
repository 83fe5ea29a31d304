/**
 * An asset of the content asset library as the back office shows it (the library page and the picker share it):
 * plain data, with a small preview through the media service.
 */
import type { AssetSummary } from '#server/content/management/contract.ts';

export interface AssetView {
  uid: string;
  title: string;
  filename: string;
  contentType: string;
  fileSize: number;
  version: number;
  publishedTo: string[];
  updatedAt: string;
  /** A preview image through the media service, or null for a file that is no image of it. */
  thumbnail: string | null;
}

/** What the asset library's loader answers: one keyset page (the picker loads it too). */
export interface AssetPage {
  q: string;
  items: AssetView[];
  /** The query string of the next page, or null on the last. */
  next: string | null;
}

export const THUMBNAIL_WIDTH = 160;

/** A small preview of a media-service image (`/media/i/…`): the media service scales and encodes it. */
export function assetThumbnail(url: string, width = THUMBNAIL_WIDTH): string | null {
  if (!/^\/media\/i\/[\w.-]+\/[\w.-]+$/.test(url)) return null;
  return `${url}?w=${width}&fmt=auto&qlt=75`;
}

export function assetView(asset: AssetSummary): AssetView {
  return {
    uid: asset.uid,
    title: asset.title,
    filename: asset.filename,
    contentType: asset.contentType,
    fileSize: asset.fileSize,
    version: asset.version,
    publishedTo: asset.publishedTo,
    updatedAt: asset.updatedAt.toISOString(),
    thumbnail: assetThumbnail(asset.url),
  };
}

export const fileSizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.ceil(bytes / 1024))} KB`;

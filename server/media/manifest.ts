import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * seed/media/manifest.json (written by seed/media/draw.ts, editable by hand): per-asset points of interest
 * and alt text, the image sets served under /s/, and the videos served under /v/ (a poster image and,
 * optionally, an `{id}.mp4` file among the originals).
 */
const assetName = z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/);
const fraction = z.number().min(0).max(1);

export const manifestSchema = z.object({
  assets: z.record(
    z.string(),
    z.object({
      poi: z.object({ x: fraction, y: fraction, w: fraction, h: fraction }).optional(),
      alt: z.string().optional(),
    }),
  ),
  sets: z.record(
    z.string(),
    z.object({
      items: z.array(z.object({ type: z.enum(['img', 'video']), id: assetName })).min(1),
    }),
  ),
  videos: z.record(z.string(), z.object({ poster: assetName, alt: z.string().optional() })),
});

export type MediaManifest = z.infer<typeof manifestSchema>;

export async function readManifest(path: string): Promise<MediaManifest> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { assets: {}, sets: {}, videos: {} };
    throw error;
  }
  return manifestSchema.parse(JSON.parse(text));
}

/**
 * Every manifest file in a folder, merged (the uploads' manifests: one file per product, written whole by
 * server/media/upload.ts, so two processes never rewrite each other's entries). No folder: an empty manifest.
 */
export async function readManifestFolder(dir: string): Promise<MediaManifest> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { assets: {}, sets: {}, videos: {} };
    throw error;
  }
  const merged: MediaManifest = { assets: {}, sets: {}, videos: {} };
  for (const file of files) {
    const part = await readManifest(join(dir, file));
    Object.assign(merged.assets, part.assets);
    Object.assign(merged.sets, part.sets);
  }
  return merged;
}

import { and, asc, eq, gt, ilike } from 'drizzle-orm';
import { DEFAULT_MEDIA_ALIAS, DEFAULT_MEDIA_BASE_URL } from '#core/media-url.ts';
import { recordAudit } from '../../audit/audit.ts';
import { MediaError } from '../../media/errors.ts';
import type { MediaUploads, PreparedImage } from '../../media/upload.ts';
import type { ContentLogger } from '../content-client.ts';
import { contentAssets } from '../schema.ts';
import { MASTER_LOCALE } from '../store.ts';
import { auditActor } from './actor.ts';
import type { ManagementContext } from './context.ts';
import type { AssetSummary, ContentActor, ContentManagement } from './contract.ts';
import { ContentManagementError, invalidInput, notFound } from './errors.ts';
import { entriesHoldingString } from './references.ts';

type AssetRow = typeof contentAssets.$inferSelect;

const MIME: Record<PreparedImage['format'], string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
const EXTENSION: Record<PreparedImage['format'], string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The media id an asset's file is served under (its `amplience_id`, else its uid). */
const mediaIdOf = (row: AssetRow) =>
  typeof row.fields.amplience_id === 'string' ? row.fields.amplience_id : row.uid;

export function assetSummary(row: AssetRow): AssetSummary {
  return {
    uid: row.uid,
    title: row.title,
    filename: row.filename,
    url: row.url,
    contentType: row.contentType,
    fileSize: row.fileSize,
    version: row.version,
    publishedTo: row.publishedTo,
    updatedAt: row.updatedAt,
  };
}

/** A file name to show: the upload's base name in safe characters, with the stored format's extension. */
export function assetFilename(name: string, format: PreparedImage['format']): string {
  const base = (name.split(/[\\/]/).at(-1) ?? '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'image'}.${EXTENSION[format]}`;
}

/**
 * The asset library (the master locale's asset rows). Uploads go through the media upload pipeline
 * (server/media/upload.ts): the type comes from the bytes, anything but a JPEG, PNG, WebP or AVIF image (an SVG
 * above all) is refused before anything is stored, and what is stored is re-encoded pixels.
 */
export function assetLibrary(
  context: ManagementContext,
  uploads: MediaUploads | undefined,
  logger: ContentLogger | undefined,
): ContentManagement['assets'] {
  const { db } = context;
  const checkEnvironments = (environments: string[]) => {
    if (environments.length === 0) throw invalidInput(['environments'], 'Choose at least one environment.');
    for (const environment of environments)
      if (!context.environments.includes(environment))
        throw invalidInput(['environments'], `'${environment}' is not an environment of the store.`);
  };
  const masterRow = and(eq(contentAssets.locale, MASTER_LOCALE));

  async function setPublished(actor: ContentActor, uid: string, environments: string[], publish: boolean) {
    checkEnvironments(environments);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(contentAssets)
        .where(and(eq(contentAssets.uid, uid), masterRow))
        .for('update');
      if (!row) throw notFound(`There is no asset '${uid}'.`);
      const next = publish
        ? [...new Set([...row.publishedTo, ...environments])].sort()
        : row.publishedTo.filter((environment) => !environments.includes(environment));
      if (next.join() === row.publishedTo.join()) return;
      await tx
        .update(contentAssets)
        .set({ publishedTo: next, updatedAt: new Date() })
        .where(eq(contentAssets.uid, uid));
      await recordAudit(tx, auditActor(actor), {
        action: publish ? 'content.asset.publish' : 'content.asset.unpublish',
        entity: 'content_asset',
        entityId: uid,
        before: { publishedTo: row.publishedTo },
        after: { publishedTo: next },
      });
    });
  }

  return {
    async list(options = {}) {
      const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
      const words = (options.search ?? '').trim().split(/\s+/).filter(Boolean);
      const rows = await db
        .select()
        .from(contentAssets)
        .where(
          and(
            masterRow,
            options.after ? gt(contentAssets.uid, options.after) : undefined,
            ...words.map((word) =>
              ilike(contentAssets.title, `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`),
            ),
          ),
        )
        .orderBy(asc(contentAssets.uid))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        items: page.map(assetSummary),
        next: rows.length > limit ? (page.at(-1)?.uid ?? null) : null,
      };
    },

    async get(uid) {
      const [row] = await db
        .select()
        .from(contentAssets)
        .where(and(eq(contentAssets.uid, uid), masterRow));
      return row ? assetSummary(row) : null;
    },

    async upload(actor, input) {
      if (!uploads) throw new Error('The content management service was built without the media uploads.');
      let prepared: PreparedImage;
      try {
        prepared = await uploads.prepare(input.bytes);
      } catch (error) {
        if (error instanceof MediaError) throw invalidInput(['file'], error.detail);
        throw error;
      }
      const stored = await uploads.store(prepared);
      const filename = assetFilename(input.filename, stored.format);
      const title = (input.title ?? '').trim() || filename.replace(/\.[^.]+$/, '');
      if (title.length > 200) {
        await uploads.discard(stored.id, stored.format);
        throw invalidInput(['title'], 'A title is at most 200 characters.');
      }
      try {
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(contentAssets)
            .values({
              uid: stored.id,
              locale: MASTER_LOCALE,
              title,
              filename,
              url: `${DEFAULT_MEDIA_BASE_URL}/i/${DEFAULT_MEDIA_ALIAS}/${stored.id}`,
              contentType: MIME[stored.format],
              fileSize: stored.bytes,
              fields: {
                amplience_id: stored.id,
                dimension: { width: stored.width, height: stored.height },
              },
              publishedTo: [],
            })
            .returning();
          await recordAudit(tx, auditActor(actor), {
            action: 'content.asset.upload',
            entity: 'content_asset',
            entityId: stored.id,
            after: { title, filename, bytes: stored.bytes, width: stored.width, height: stored.height },
          });
          return inserted!;
        });
        return assetSummary(row);
      } catch (error) {
        await uploads
          .discard(stored.id, stored.format)
          .catch((cleanup: unknown) =>
            logger?.error(
              { err: cleanup, mediaId: stored.id },
              'removing the file of a failed asset upload failed',
            ),
          );
        throw error;
      }
    },

    async delete(actor, uid) {
      const removed = await db.transaction(async (tx) => {
        const rows = await tx.select().from(contentAssets).where(eq(contentAssets.uid, uid)).for('update');
        const row = rows.find((candidate) => candidate.locale === MASTER_LOCALE) ?? rows[0];
        if (!row) throw notFound(`There is no asset '${uid}'.`);
        const holders = await entriesHoldingString(tx, [...new Set([uid, mediaIdOf(row)])]);
        if (holders.length > 0)
          throw new ContentManagementError({
            code: 'referenced',
            message: `Entries still use the asset '${row.title}': remove it from them first.`,
            referrers: holders,
          });
        await tx.delete(contentAssets).where(eq(contentAssets.uid, uid));
        await recordAudit(tx, auditActor(actor), {
          action: 'content.asset.delete',
          entity: 'content_asset',
          entityId: uid,
          before: { title: row.title, filename: row.filename, publishedTo: row.publishedTo },
        });
        return row;
      });
      // An uploaded file goes once its row is gone; the drawn demo media (seed/media) are never deleted.
      const format = Object.entries(MIME).find(([, mime]) => mime === removed.contentType)?.[0] as
        | PreparedImage['format']
        | undefined;
      if (uploads && format && mediaIdOf(removed).startsWith('upload-'))
        await uploads
          .discard(mediaIdOf(removed), format)
          .catch((error: unknown) =>
            logger?.error(
              { err: error, mediaId: mediaIdOf(removed) },
              'removing a deleted asset’s file failed',
            ),
          );
    },

    publish: (actor, uid, environments) => setPublished(actor, uid, environments, true),
    unpublish: (actor, uid, environments) => setPublished(actor, uid, environments, false),
  };
}

import { and, eq, like, sql } from 'drizzle-orm';
import { validateEntry } from '#core/content-validation.ts';
import { recordAudit } from '../../audit/audit.ts';
import { contentEntries, contentPublications, contentVersions } from '../schema.ts';
import { MASTER_LOCALE, removePublication, titleOf } from '../store.ts';
import { actorName, auditActor } from './actor.ts';
import { entryAuditId, type ManagementContext, type Tx } from './context.ts';
import type { ContentActor, EntryDraft } from './contract.ts';
import { draftOf, type EntryRow, type entryReads, workingCopy } from './entry-reads.ts';
import { ContentManagementError, invalid, invalidInput, notFound, stale } from './errors.ts';
import { distinctReferrers, publishedReferrers } from './references.ts';

const UID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,99}$/;

/** A uid from a title: lower-case ASCII letters and digits joined by hyphens ('Été 2026!' → 'ete-2026'). */
export function uidFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'entry';
}

export function lockCopy(
  tx: Tx,
  contentType: string,
  uid: string,
  locale: string,
): Promise<EntryRow | undefined> {
  return workingCopy(tx, contentType, uid, locale, { forUpdate: true });
}

/** Every publication of a locale copy, taken off (sync then reports it unpublished). */
async function takeOffEverywhere(tx: Tx, contentType: string, uid: string, locale: string | null, at: Date) {
  const rows = await tx
    .select({ locale: contentPublications.locale, environment: contentPublications.environment })
    .from(contentPublications)
    .where(
      and(
        eq(contentPublications.contentType, contentType),
        eq(contentPublications.uid, uid),
        locale ? eq(contentPublications.locale, locale) : undefined,
      ),
    );
  for (const row of rows) await removePublication(tx, { contentType, uid, ...row }, at);
  return rows;
}

export function entryWrites(context: ManagementContext, reads: ReturnType<typeof entryReads>) {
  const { db } = context;

  /** The schema's validation, then the type's own rule: the fields to store, or a refusal with problems. */
  async function checked(
    contentType: string,
    uid: string,
    locale: string,
    fields: unknown,
  ): Promise<Record<string, unknown>> {
    if (!fields || typeof fields !== 'object' || Array.isArray(fields))
      throw invalidInput(['fields'], 'The entry’s fields must be an object of field → value.');
    const schema = context.schemaOf(contentType);
    if (!schema) throw notFound(`There is no content type '${contentType}'.`);
    const result = validateEntry(schema, fields as Record<string, unknown>);
    if (!result.ok) throw invalid(result.problems);
    const rule = context.rules[contentType];
    if (!rule) return result.fields;
    const ruled = await rule(result.fields, { locale, uid });
    if ('problems' in ruled) throw invalid(ruled.problems);
    return ruled.fields;
  }

  /** Writes a new version of a locale copy (creating the copy when it has none) and its audit entry. */
  async function writeVersion(
    tx: Tx,
    actor: ContentActor,
    input: { contentType: string; uid: string; locale: string; fields: Record<string, unknown> },
    current: EntryRow | undefined,
    action: string,
  ): Promise<EntryRow> {
    const now = new Date();
    const title = titleOf(input.fields);
    const by = actorName(actor);
    const key = { contentType: input.contentType, uid: input.uid, locale: input.locale };
    let row: EntryRow | undefined;
    if (current) {
      [row] = await tx
        .update(contentEntries)
        .set({ title, fields: input.fields, version: current.version + 1, updatedAt: now, updatedBy: by })
        .where(
          and(
            eq(contentEntries.contentType, key.contentType),
            eq(contentEntries.uid, key.uid),
            eq(contentEntries.locale, key.locale),
          ),
        )
        .returning();
    } else {
      // A locale copy made again after an unlocalise continues its old numbering, so versions never collide.
      const [last] = await tx
        .select({ version: sql<number>`coalesce(max(${contentVersions.version}), 0)::int` })
        .from(contentVersions)
        .where(
          and(
            eq(contentVersions.contentType, key.contentType),
            eq(contentVersions.uid, key.uid),
            eq(contentVersions.locale, key.locale),
          ),
        );
      [row] = await tx
        .insert(contentEntries)
        .values({
          ...key,
          title,
          fields: input.fields,
          version: (last?.version ?? 0) + 1,
          createdAt: now,
          updatedAt: now,
          updatedBy: by,
        })
        .returning();
    }
    const saved = row!;
    await tx.insert(contentVersions).values({
      ...key,
      version: saved.version,
      title,
      fields: input.fields,
      savedAt: now,
      savedBy: by,
    });
    await recordAudit(tx, auditActor(actor), {
      action,
      entity: 'content_entry',
      entityId: entryAuditId(key.contentType, key.uid, key.locale),
      before: current ? { version: current.version, title: current.title } : undefined,
      after: { version: saved.version, title },
    });
    return saved;
  }

  async function save(
    actor: ContentActor,
    input: {
      contentType: string;
      uid: string;
      locale: string;
      fields: Record<string, unknown>;
      expectedVersion?: number;
    },
    action: 'content.entry.save' | 'content.entry.restore',
  ): Promise<EntryDraft> {
    reads.knownType(input.contentType);
    reads.knownLocale(input.locale);
    const fields = await checked(input.contentType, input.uid, input.locale, input.fields);
    const row = await db.transaction(async (tx) => {
      const current = await lockCopy(tx, input.contentType, input.uid, input.locale);
      if (!current) {
        // Localising: a locale copy is made from an entry that exists in the master locale.
        const master =
          input.locale === MASTER_LOCALE
            ? undefined
            : await lockCopy(tx, input.contentType, input.uid, MASTER_LOCALE);
        if (!master) throw notFound(`There is no ${input.contentType} entry '${input.uid}'.`);
      } else if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
        throw stale(current.version);
      }
      return writeVersion(
        tx,
        actor,
        { ...input, fields },
        current,
        current ? action : 'content.entry.localise',
      );
    });
    return draftOf(db, row);
  }

  return {
    async createEntry(
      actor: ContentActor,
      input: { contentType: string; locale: string; fields: Record<string, unknown>; uid?: string },
    ): Promise<EntryDraft> {
      reads.knownType(input.contentType);
      reads.knownLocale(input.locale);
      if (input.locale !== MASTER_LOCALE)
        throw invalidInput(
          ['locale'],
          `A new entry is written in ${MASTER_LOCALE} first; translate it into ${input.locale} after.`,
        );
      if (input.uid !== undefined && !UID_PATTERN.test(input.uid))
        throw invalidInput(['uid'], 'A uid is lower-case letters, digits, - or _ (at most 100).');
      const base = input.uid ?? uidFromTitle(titleOf(input.fields ?? {}));
      const fields = await checked(input.contentType, base, input.locale, input.fields);
      const schema = context.schemaOf(input.contentType)!;
      const row = await db.transaction(async (tx) => {
        // One transaction at a time picks a type's new uid (the lock is released at commit).
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`content_entries:${input.contentType}`}))`,
        );
        const taken = new Set(
          (
            await tx
              .selectDistinct({ uid: contentEntries.uid })
              .from(contentEntries)
              .where(
                and(
                  eq(contentEntries.contentType, input.contentType),
                  schema.options.singleton
                    ? undefined
                    : like(contentEntries.uid, `${base.replace(/_/g, '\\_')}%`),
                ),
              )
          ).map((found) => found.uid),
        );
        if (schema.options.singleton && taken.size > 0)
          throw invalidInput(
            ['uid'],
            `${schema.title} holds one entry only; edit '${[...taken][0]}' instead.`,
          );
        let uid = base;
        if (taken.has(uid)) {
          if (input.uid !== undefined)
            throw invalidInput(['uid'], `The uid '${uid}' is already used by another ${schema.title} entry.`);
          let n = 2;
          while (taken.has(`${base}-${n}`)) n++;
          uid = `${base}-${n}`;
        }
        return writeVersion(
          tx,
          actor,
          { contentType: input.contentType, uid, locale: input.locale, fields },
          undefined,
          'content.entry.create',
        );
      });
      return draftOf(db, row);
    },

    saveEntry: (actor: ContentActor, input: Parameters<typeof save>[1]) =>
      save(actor, input, 'content.entry.save'),

    async restore(
      actor: ContentActor,
      input: { contentType: string; uid: string; locale: string; version: number },
    ): Promise<EntryDraft> {
      const old = (await reads.versions(input.contentType, input.uid, input.locale)).find(
        (version) => version.version === input.version,
      );
      if (!old)
        throw notFound(
          `The ${input.locale} copy of '${input.uid}' has no version ${input.version} to restore.`,
        );
      return save(actor, { ...input, fields: old.fields }, 'content.entry.restore');
    },

    async unlocalise(actor: ContentActor, contentType: string, uid: string, locale: string): Promise<void> {
      reads.knownType(contentType);
      reads.knownLocale(locale);
      if (locale === MASTER_LOCALE)
        throw invalidInput(['locale'], `The ${MASTER_LOCALE} copy is the master: it cannot be unlocalised.`);
      await db.transaction(async (tx) => {
        const current = await lockCopy(tx, contentType, uid, locale);
        if (!current) throw notFound(`'${uid}' has no ${locale} copy of its own.`);
        const takenOff = await takeOffEverywhere(tx, contentType, uid, locale, new Date());
        await tx
          .delete(contentEntries)
          .where(
            and(
              eq(contentEntries.contentType, contentType),
              eq(contentEntries.uid, uid),
              eq(contentEntries.locale, locale),
            ),
          );
        await recordAudit(tx, auditActor(actor), {
          action: 'content.entry.unlocalise',
          entity: 'content_entry',
          entityId: entryAuditId(contentType, uid, locale),
          before: {
            version: current.version,
            title: current.title,
            environments: takenOff.map((row) => row.environment),
          },
        });
      });
    },

    async deleteEntry(actor: ContentActor, contentType: string, uid: string): Promise<void> {
      reads.knownType(contentType);
      await db.transaction(async (tx) => {
        const copies = await tx
          .select()
          .from(contentEntries)
          .where(and(eq(contentEntries.contentType, contentType), eq(contentEntries.uid, uid)))
          .for('update');
        if (copies.length === 0) throw notFound(`There is no ${contentType} entry '${uid}'.`);
        const referrers = await publishedReferrers(
          tx,
          { contentType, uid },
          { environments: context.environments },
        );
        if (referrers.length > 0)
          throw new ContentManagementError({
            code: 'referenced',
            message: 'Published entries still reference this entry: change or unpublish them first.',
            referrers: distinctReferrers(referrers),
          });
        await takeOffEverywhere(tx, contentType, uid, null, new Date());
        await tx
          .delete(contentVersions)
          .where(and(eq(contentVersions.contentType, contentType), eq(contentVersions.uid, uid)));
        await tx
          .delete(contentEntries)
          .where(and(eq(contentEntries.contentType, contentType), eq(contentEntries.uid, uid)));
        for (const copy of copies)
          await recordAudit(tx, auditActor(actor), {
            action: 'content.entry.delete',
            entity: 'content_entry',
            entityId: entryAuditId(contentType, uid, copy.locale),
            before: { version: copy.version, title: copy.title },
          });
      });
    },
  };
}

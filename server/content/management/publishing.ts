import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FieldProblem } from '#core/content-schema.ts';
import { recordAudit } from '../../audit/audit.ts';
import { contentPublications, contentVersions } from '../schema.ts';
import { MASTER_LOCALE, removePublication, writePublication } from '../store.ts';
import { actorName, auditActor } from './actor.ts';
import { entryAuditId, type ManagementContext, type Tx } from './context.ts';
import type { ContentActor, Publication } from './contract.ts';
import type { entryReads } from './entry-reads.ts';
import { lockCopy } from './entry-writes.ts';
import { ContentManagementError, invalid, invalidInput, notFound } from './errors.ts';
import { distinctReferrers, entryReferences, publishedReferrers, type Referrer } from './references.ts';

interface Target {
  contentType: string;
  uid: string;
  locales: string[];
  environments: string[];
}

/** Where an entry is published: `${locale}\0${environment}`. */
async function publishedKeys(tx: Tx, contentType: string, uid: string): Promise<Set<string>> {
  const rows = await tx
    .select({ locale: contentPublications.locale, environment: contentPublications.environment })
    .from(contentPublications)
    .where(and(eq(contentPublications.contentType, contentType), eq(contentPublications.uid, uid)));
  return new Set(rows.map((row) => `${row.locale}\u0000${row.environment}`));
}

/**
 * Publishing and unpublishing. Decisions (issue 21):
 * - another locale is published only where the master locale is published (or is in the same request), since
 *   a locale copy is read with the master as its fallback;
 * - a version is published only when every entry it references is published there (in the locale or the master
 *   it falls back to): the live store never shows a reference to nothing. The refusal lists each such reference
 *   at its path, so the editor can publish those first;
 * - unpublishing is refused while published entries there still reference the entry (in the locales that would
 *   lose it: the locale itself, and for the master every locale that falls back to it), with the list of them.
 */
export function publishing(context: ManagementContext, reads: ReturnType<typeof entryReads>) {
  const { db } = context;

  function checkTarget(input: Target): void {
    reads.knownType(input.contentType);
    if (input.locales.length === 0) throw invalidInput(['locales'], 'Choose at least one locale.');
    if (input.environments.length === 0)
      throw invalidInput(['environments'], 'Choose at least one environment.');
    for (const locale of input.locales) reads.knownLocale(locale);
    for (const environment of input.environments)
      if (!context.environments.includes(environment))
        throw invalidInput(
          ['environments'],
          `'${environment}' is not an environment of the store (${context.environments.join(', ')}).`,
        );
  }

  /** References of the fields that are not published to the environment in the locale or its fallback. */
  async function unpublishedReferences(
    tx: Tx,
    self: { contentType: string; uid: string },
    fields: Record<string, unknown>,
    locale: string,
    environment: string,
  ): Promise<FieldProblem[]> {
    const refs = entryReferences(fields).filter(
      (ref) => !(ref.contentType === self.contentType && ref.uid === self.uid),
    );
    if (refs.length === 0) return [];
    const locales = locale === MASTER_LOCALE ? [MASTER_LOCALE] : [locale, MASTER_LOCALE];
    const rows = await tx
      .select({ contentType: contentPublications.contentType, uid: contentPublications.uid })
      .from(contentPublications)
      .where(
        and(
          eq(contentPublications.environment, environment),
          inArray(contentPublications.locale, locales),
          sql`(${contentPublications.contentType}, ${contentPublications.uid}) in (${sql.join(
            refs.map((ref) => sql`(${ref.contentType}, ${ref.uid})`),
            sql`, `,
          )})`,
        ),
      );
    const published = new Set(rows.map((row) => `${row.contentType}/${row.uid}`));
    return refs
      .filter((ref) => !published.has(`${ref.contentType}/${ref.uid}`))
      .map((ref) => ({
        path: ref.path,
        message: `${ref.contentType} '${ref.uid}' is not published to ${environment} (${locale}): publish it first.`,
      }));
  }

  return {
    async publish(actor: ContentActor, input: Target & { version?: number }): Promise<Publication[]> {
      checkTarget(input);
      const locales = [...new Set(input.locales)].sort((a, b) =>
        a === MASTER_LOCALE ? -1 : b === MASTER_LOCALE ? 1 : a.localeCompare(b),
      );
      const environments = [...new Set(input.environments)];
      const self = { contentType: input.contentType, uid: input.uid };
      return db.transaction(async (tx) => {
        const now = new Date();
        const live = await publishedKeys(tx, input.contentType, input.uid);
        const problems: FieldProblem[] = [];
        const plans = [];
        for (const locale of locales) {
          const copy = await lockCopy(tx, input.contentType, input.uid, locale);
          if (!copy) {
            if (locale === MASTER_LOCALE)
              throw notFound(`There is no ${input.contentType} entry '${input.uid}'.`);
            throw invalidInput(
              ['locales'],
              `'${input.uid}' has no ${locale} copy of its own (${locale} shows the ${MASTER_LOCALE} one): translate it first, or publish ${MASTER_LOCALE}.`,
            );
          }
          const versionNumber = input.version ?? copy.version;
          const [version] = await tx
            .select()
            .from(contentVersions)
            .where(
              and(
                eq(contentVersions.contentType, input.contentType),
                eq(contentVersions.uid, input.uid),
                eq(contentVersions.locale, locale),
                eq(contentVersions.version, versionNumber),
              ),
            );
          if (!version)
            throw notFound(`The ${locale} copy of '${input.uid}' has no version ${versionNumber}.`);
          for (const environment of environments) {
            if (
              locale !== MASTER_LOCALE &&
              !locales.includes(MASTER_LOCALE) &&
              !live.has(`${MASTER_LOCALE}\u0000${environment}`)
            )
              throw invalidInput(
                ['locales'],
                `Publish the ${MASTER_LOCALE} copy to ${environment} first: ${locale} falls back to it.`,
              );
            problems.push(...(await unpublishedReferences(tx, self, version.fields, locale, environment)));
          }
          plans.push({ copy, version });
        }
        if (problems.length > 0)
          throw invalid(
            problems,
            'This entry references entries that are not published there: publish them first.',
          );
        const publications: Publication[] = [];
        for (const { copy, version } of plans) {
          for (const environment of environments) {
            await writePublication(tx, {
              contentType: input.contentType,
              uid: input.uid,
              locale: copy.locale,
              environment,
              version: version.version,
              title: version.title,
              fields: version.fields,
              createdAt: copy.createdAt,
              savedAt: version.savedAt,
              publishedAt: now,
              publishedBy: actorName(actor),
            });
            publications.push({
              environment,
              locale: copy.locale,
              version: version.version,
              publishedAt: now,
              publishedBy: actorName(actor),
            });
          }
          await recordAudit(tx, auditActor(actor), {
            action: 'content.entry.publish',
            entity: 'content_entry',
            entityId: entryAuditId(input.contentType, input.uid, copy.locale),
            after: { version: version.version, environments },
          });
        }
        return publications;
      });
    },

    async unpublish(actor: ContentActor, input: Target): Promise<void> {
      checkTarget(input);
      const locales = [...new Set(input.locales)];
      const environments = [...new Set(input.environments)];
      await db.transaction(async (tx) => {
        const master = await lockCopy(tx, input.contentType, input.uid, MASTER_LOCALE);
        if (!master) throw notFound(`There is no ${input.contentType} entry '${input.uid}'.`);
        const live = await publishedKeys(tx, input.contentType, input.uid);
        const referrers: Referrer[] = [];
        for (const environment of environments) {
          // The locales that would lose the entry: those unpublished, and for the master every locale that has
          // no publication of its own left to show.
          const losing = locales.includes(MASTER_LOCALE)
            ? context.locales.filter(
                (locale) => locales.includes(locale) || !live.has(`${locale}\u0000${environment}`),
              )
            : locales;
          referrers.push(
            ...(await publishedReferrers(
              tx,
              { contentType: input.contentType, uid: input.uid },
              { environments: [environment], locales: losing },
            )),
          );
        }
        if (referrers.length > 0)
          throw new ContentManagementError({
            code: 'referenced',
            message: `Published entries still reference '${input.uid}': change or unpublish them first.`,
            referrers: distinctReferrers(referrers),
          });
        const now = new Date();
        for (const locale of locales) {
          const removed: string[] = [];
          for (const environment of environments)
            if (
              await removePublication(
                tx,
                { contentType: input.contentType, uid: input.uid, locale, environment },
                now,
              )
            )
              removed.push(environment);
          if (removed.length > 0)
            await recordAudit(tx, auditActor(actor), {
              action: 'content.entry.unpublish',
              entity: 'content_entry',
              entityId: entryAuditId(input.contentType, input.uid, locale),
              before: { environments: removed },
            });
        }
      });
    },
  };
}

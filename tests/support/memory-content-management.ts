/**
 * A throwaway content management service in memory, for developing the management protocol before the real
 * service (server/content/management) lands: drafts and versions in memory, publishing written to the content
 * store so the delivery protocol serves it. Only what the protocol tests touch.
 */
import type { ContentTypeSchema, FieldProblem } from '#core/content-schema.ts';
import type {
  AssetSummary,
  ContentActor,
  ContentManagement,
  ContentRefusal,
  EntryDraft,
  EntryVersion,
  Publication,
} from '#server/content/management/contract.ts';
import type { ContentStore } from '#server/content/store.ts';

const LOCALES = ['en-us', 'sv', 'ja', 'no', 'es', 'de', 'fr', 'it'];

class Refusal extends Error {
  constructor(readonly refusal: ContentRefusal) {
    super(refusal.message);
  }
}

const TYPES: ContentTypeSchema[] = [
  {
    uid: 'top_alert',
    title: 'Top alert',
    description: 'A short announcement above the header, per region.',
    options: { singleton: false, title: 'title' },
    schema: [
      { uid: 'title', data_type: 'text', display_name: 'Title', mandatory: true, max_length: 200 },
      { uid: 'text', data_type: 'text', display_name: 'Text', max_length: 300 },
    ],
  },
  {
    uid: 'header',
    title: 'Header',
    description: 'Site header.',
    options: { singleton: true, title: 'title' },
    schema: [
      { uid: 'title', data_type: 'text', display_name: 'Title', mandatory: true },
      { uid: 'top_alert', data_type: 'reference', display_name: 'Top alert', reference_to: ['top_alert'] },
    ],
  },
];

interface Copy {
  versions: EntryVersion[];
  publications: Publication[];
}

export function memoryContentManagement(store: ContentStore): ContentManagement {
  const copies = new Map<string, Copy>();
  const key = (type: string, uid: string, locale: string) => `${type}/${uid}/${locale}`;
  const who = (actor: ContentActor) => ('token' in actor ? actor.token : actor.email);
  const assets = new Map<string, AssetSummary>();

  function draft(type: string, uid: string, locale: string, copy: Copy, localised: boolean): EntryDraft {
    const last = copy.versions.at(-1)!;
    return {
      contentType: type,
      uid,
      locale,
      title: last.title,
      version: last.version,
      updatedAt: last.savedAt,
      updatedBy: last.savedBy,
      publications: copy.publications,
      fields: last.fields,
      localised,
    };
  }

  function validate(type: ContentTypeSchema, fields: Record<string, unknown>) {
    const problems: FieldProblem[] = [];
    for (const field of type.schema) {
      const value = fields[field.uid];
      if (field.mandatory && (value === undefined || value === ''))
        problems.push({ path: [field.uid], message: 'is required.' });
      if (
        field.data_type === 'text' &&
        typeof value === 'string' &&
        field.max_length &&
        value.length > field.max_length
      )
        problems.push({ path: [field.uid], message: `is longer than ${field.max_length} characters.` });
    }
    if (problems.length) throw new Refusal({ code: 'invalid', message: 'The entry has problems.', problems });
  }

  function save(
    actor: ContentActor,
    type: string,
    uid: string,
    locale: string,
    fields: Record<string, unknown>,
  ) {
    const schema = TYPES.find((t) => t.uid === type)!;
    validate(schema, fields);
    const copy = copies.get(key(type, uid, locale)) ?? { versions: [], publications: [] };
    copy.versions.push({
      version: copy.versions.length + 1,
      title: String(fields.title),
      fields,
      savedAt: new Date(),
      savedBy: who(actor),
    });
    copies.set(key(type, uid, locale), copy);
    return draft(type, uid, locale, copy, true);
  }

  async function writeDelivery(type: string, uid: string, locale: string) {
    const copy = copies.get(key(type, uid, locale));
    const live = copy?.publications ?? [];
    if (live.length === 0) return store.deleteEntry(type, uid, locale);
    const version = copy!.versions.find((v) => v.version === live[0]!.version)!;
    await store.putEntries([
      { contentType: type, uid, locale, fields: version.fields, publishTo: live.map((p) => p.environment) },
    ]);
  }

  return {
    contentTypes: () => TYPES,
    contentType: (uid) => TYPES.find((t) => t.uid === uid),
    environments: () => ['production', 'staging'],
    locales: () => LOCALES,
    async listEntries(filter) {
      const items = [...copies.entries()]
        .filter(([k]) => k.startsWith(`${filter.contentType}/`) && k.endsWith(`/${filter.locale}`))
        .map(([k, copy]) => draft(filter.contentType, k.split('/')[1]!, filter.locale, copy, true))
        .filter((entry) => !filter.search || entry.title.toLowerCase().includes(filter.search.toLowerCase()));
      return { items, next: null };
    },
    async getEntry(type, uid, locale, options) {
      const own = copies.get(key(type, uid, locale));
      if (own) return draft(type, uid, locale, own, true);
      const master = copies.get(key(type, uid, LOCALES[0]!));
      return options?.fallback && master ? draft(type, uid, locale, master, false) : null;
    },
    async createEntry(actor, input) {
      const uid =
        input.uid ??
        String(input.fields.title)
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-');
      return save(actor, input.contentType, uid, input.locale, input.fields);
    },
    async saveEntry(actor, input) {
      const current = copies.get(key(input.contentType, input.uid, input.locale));
      const known = current ?? copies.get(key(input.contentType, input.uid, LOCALES[0]!));
      if (!known) throw new Refusal({ code: 'not-found', message: `No entry ${input.uid}.` });
      if (current && input.expectedVersion !== undefined && input.expectedVersion !== current.versions.length)
        throw new Refusal({
          code: 'stale',
          message: 'Someone saved this entry after you opened it.',
          currentVersion: current.versions.length,
        });
      return save(actor, input.contentType, input.uid, input.locale, input.fields);
    },
    async unlocalise(_actor, type, uid, locale) {
      copies.delete(key(type, uid, locale));
      await writeDelivery(type, uid, locale);
    },
    async deleteEntry(_actor, type, uid) {
      for (const locale of LOCALES) {
        copies.delete(key(type, uid, locale));
        await writeDelivery(type, uid, locale);
      }
    },
    async publish(actor, input) {
      const out: Publication[] = [];
      for (const locale of input.locales) {
        const copy = copies.get(key(input.contentType, input.uid, locale));
        if (!copy) throw new Refusal({ code: 'not-found', message: `No ${locale} copy of ${input.uid}.` });
        for (const environment of input.environments) {
          const publication = {
            environment,
            locale,
            version: input.version ?? copy.versions.length,
            publishedAt: new Date(),
            publishedBy: who(actor),
          };
          copy.publications = [
            ...copy.publications.filter((p) => p.environment !== environment),
            publication,
          ];
          out.push(publication);
        }
        await writeDelivery(input.contentType, input.uid, locale);
      }
      return out;
    },
    async unpublish(_actor, input) {
      for (const locale of input.locales) {
        const referrers = [...copies.entries()]
          .filter(([k, copy]) => {
            const fields = copy.versions.at(-1)!.fields as { top_alert?: Array<{ uid: string }> };
            return (
              copy.publications.length > 0 &&
              k.endsWith(`/${locale}`) &&
              (fields.top_alert ?? []).some((ref) => ref.uid === input.uid)
            );
          })
          .map(([k, copy]) => ({
            contentType: k.split('/')[0]!,
            uid: k.split('/')[1]!,
            locale,
            title: copy.versions.at(-1)!.title,
          }));
        if (referrers.length)
          throw new Refusal({
            code: 'referenced',
            message: 'Published entries still show this entry.',
            referrers,
          });
        const copy = copies.get(key(input.contentType, input.uid, locale));
        if (copy)
          copy.publications = copy.publications.filter((p) => !input.environments.includes(p.environment));
        await writeDelivery(input.contentType, input.uid, locale);
      }
    },
    async versions(type, uid, locale) {
      return [...(copies.get(key(type, uid, locale))?.versions ?? [])].reverse();
    },
    async restore(actor, input) {
      const copy = copies.get(key(input.contentType, input.uid, input.locale))!;
      return save(
        actor,
        input.contentType,
        input.uid,
        input.locale,
        copy.versions[input.version - 1]!.fields,
      );
    },
    assets: {
      async list() {
        return { items: [...assets.values()], next: null };
      },
      async get(uid) {
        return assets.get(uid) ?? null;
      },
      async upload(_actor, input) {
        const uid = `asset-${assets.size + 1}`;
        const asset = {
          uid,
          title: input.title ?? input.filename,
          filename: input.filename,
          url: `/media/${uid}`,
          contentType: 'image/png',
          fileSize: input.bytes.length,
          version: 1,
          publishedTo: [],
          updatedAt: new Date(),
        };
        assets.set(uid, asset);
        return asset;
      },
      async delete(_actor, uid) {
        assets.delete(uid);
      },
      async publish(_actor, uid, environments) {
        const asset = assets.get(uid);
        if (asset) asset.publishedTo = [...new Set([...asset.publishedTo, ...environments])];
      },
      async unpublish(_actor, uid, environments) {
        const asset = assets.get(uid);
        if (asset) asset.publishedTo = asset.publishedTo.filter((e) => !environments.includes(e));
      },
    },
  };
}

import { data, Form, Link } from 'react-router';
import { can } from '#core/staff-permissions.ts';
import {
  dateTime,
  environmentLabel,
  languageName,
  localeLabel,
  MASTER_LOCALE,
} from '../../../components/backoffice/content/labels.ts';
import { FilterErrors, KeysetPager } from '../../../components/backoffice/list-parts.tsx';
import { entryListFilterSchema } from '../../../lib/backoffice/content/entry-list-filter.ts';
import { contentManagementOf, contentTypeOr404 } from '../../../lib/backoffice/content/management.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/type';

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.type.title ?? 'Content'} | Ridgeline back office` }];
}

const FILTERS = ['locale', 'state', 'since', 'q'] as const;
const PAGE_SIZE = 50;

/** One content type's entries (issue 21): filtered by locale, state, date of change and title, a keyset page at a time. */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'content:read');
  const management = contentManagementOf(services);
  const schema = contentTypeOr404(management, args.params.type);
  const type = { uid: schema.uid, title: schema.title, description: schema.description };
  const params = new URL(args.request.url).searchParams;
  const values = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const locales = [...management.locales()];
  const environments = [...management.environments()];
  const canWrite = can(staff.role, 'content:write');
  const parsed = entryListFilterSchema(locales).safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => issue.message);
    return data(
      {
        type,
        values,
        locales,
        environments,
        errors,
        rows: [],
        locale: MASTER_LOCALE,
        next: null,
        first: null,
        canCreate: false,
      },
      { status: 400 },
    );
  }
  const filter = parsed.data;
  const locale = filter.locale ?? MASTER_LOCALE;
  const page = await management.listEntries({
    contentType: schema.uid,
    locale,
    limit: PAGE_SIZE,
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.since ? { changedSince: filter.since } : {}),
    ...(filter.q ? { search: filter.q } : {}),
    ...(filter.after ? { after: filter.after } : {}),
  });
  // A singleton that exists takes no second entry.
  const canCreate =
    canWrite &&
    (!schema.options.singleton ||
      (await management.listEntries({ contentType: schema.uid, locale: MASTER_LOCALE, limit: 1 })).items
        .length === 0);
  const query = new URLSearchParams();
  for (const name of FILTERS) if (values[name]) query.set(name, values[name]);
  const nextQuery = new URLSearchParams(query);
  if (page.next) nextQuery.set('after', page.next);
  return {
    type,
    values,
    locales,
    environments,
    errors: [] as string[],
    locale,
    rows: page.items.map((item) => ({
      uid: item.uid,
      title: item.title,
      ownCopy: item.locale === locale,
      version: item.version,
      published: environments.map((environment) => ({
        environment,
        version:
          item.publications.find(
            (publication) => publication.environment === environment && publication.locale === item.locale,
          )?.version ?? null,
      })),
      updatedAt: item.updatedAt.toISOString(),
      updatedBy: item.updatedBy,
    })),
    next: page.next ? `?${nextQuery}` : null,
    first: filter.after ? `?${query}` : null,
    canCreate,
  };
}

export default function ContentTypePage({ loaderData }: Route.ComponentProps) {
  const { type, values, locales, environments, errors, rows, locale, next, first, canCreate } = loaderData;
  return (
    <section aria-labelledby="content-type-title">
      <p>
        <Link to="/admin/content">← Content</Link>
      </p>
      <h1 id="content-type-title">{type.title}</h1>
      <p className="admin-muted">{type.description}</p>
      {canCreate ? (
        <p className="admin-actions">
          <Link to={`/admin/content/${type.uid}/new`} className="admin-button">
            New entry
          </Link>
        </p>
      ) : null}
      <Form method="get" className="admin-filters" role="search" aria-label={`Find ${type.title} entries`}>
        <div>
          <label htmlFor="entries-q">Title</label>
          <input id="entries-q" name="q" type="search" defaultValue={values.q} maxLength={200} />
        </div>
        <div>
          <label htmlFor="entries-locale">Locale</label>
          <select id="entries-locale" name="locale" defaultValue={values.locale || MASTER_LOCALE}>
            {locales.map((code) => (
              <option key={code} value={code}>
                {localeLabel(code)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="entries-state">State</label>
          <select id="entries-state" name="state" defaultValue={values.state}>
            <option value="">Any state</option>
            <option value="published">Published</option>
            <option value="unpublished">Unpublished</option>
            <option value="draft">Draft (changes not live)</option>
          </select>
        </div>
        <div>
          <label htmlFor="entries-since">Changed since</label>
          <input id="entries-since" name="since" type="date" defaultValue={values.since} />
        </div>
        <button type="submit" className="admin-button">
          Find entries
        </button>
        <Link to={`/admin/content/${type.uid}`}>Clear</Link>
      </Form>

      <FilterErrors errors={errors} />

      {rows.length === 0 && !errors.length ? <p>No entries match.</p> : null}
      {rows.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">
              {type.title} entries in {localeLabel(locale)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Locale</th>
                <th scope="col" className="num">
                  Version
                </th>
                {environments.map((environment) => (
                  <th scope="col" key={environment}>
                    {environmentLabel(environment)}
                  </th>
                ))}
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.uid}>
                  <th scope="row">
                    <Link to={`/admin/content/${type.uid}/${row.uid}/${locale}`}>{row.title || row.uid}</Link>
                  </th>
                  <td>
                    {row.ownCopy ? (
                      languageName(locale)
                    ) : (
                      <span className="admin-muted">Falls back to {languageName(MASTER_LOCALE)}</span>
                    )}
                  </td>
                  <td className="num">{row.version}</td>
                  {row.published.map((publication) => (
                    <td key={publication.environment}>
                      {publication.version === null ? (
                        <span className="admin-muted">Not published</span>
                      ) : (
                        <>
                          Version {publication.version}
                          {publication.version < row.version ? (
                            <span className="admin-badge admin-badge--low">Draft newer</span>
                          ) : null}
                        </>
                      )}
                    </td>
                  ))}
                  <td>
                    {dateTime(row.updatedAt)}
                    {row.updatedBy ? <span className="admin-muted"> by {row.updatedBy}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <KeysetPager label={`Pages of ${type.title} entries`} first={first} next={next} />
    </section>
  );
}

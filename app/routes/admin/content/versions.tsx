import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { changedFields } from '#core/content-diff.ts';
import { can } from '#core/staff-permissions.ts';
import {
  dateTime,
  languageName,
  localeLabel,
  MASTER_LOCALE,
} from '../../../components/backoffice/content/labels.ts';
import { RefusalMessage } from '../../../components/backoffice/content/refusal.tsx';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import {
  attemptContent,
  contentManagementOf,
  contentTypeOr404,
  localeOr404,
} from '../../../lib/backoffice/content/management.server.ts';
import { parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import contentStyles from '../../../styles/admin-content.css?url';
import type { Route } from './+types/versions';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Versions of ${loaderData?.title ?? 'an entry'} | Ridgeline back office` }];
}

const versionNumber = z.coerce
  .number({ error: 'Choose a version.' })
  .int({ error: 'Choose a version.' })
  .positive({ error: 'Choose a version.' });

const compareQuery = z.object({ from: versionNumber.optional(), to: versionNumber.optional() });

/** Every saved version of an entry in one locale (issue 21): who saved it when, two compared field by field. */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'content:read');
  const management = contentManagementOf(services);
  const type = contentTypeOr404(management, args.params.type);
  const locale = localeOr404(management, args.params.locale);
  const own = await management.versions(type.uid, args.params.uid, locale);
  // A locale without its own copy shows the master copy on the store: its history is the one that matters there.
  const fallback = own.length === 0 && locale !== MASTER_LOCALE;
  const versions = fallback ? await management.versions(type.uid, args.params.uid, MASTER_LOCALE) : own;
  if (versions.length === 0)
    throw data(
      {
        message: `${args.params.uid} has no versions in ${localeLabel(locale)}${fallback ? ` nor in ${localeLabel(MASTER_LOCALE)}` : ''}.`,
      },
      { status: 404 },
    );
  const newest = [...versions].sort((a, b) => b.version - a.version);
  const query = compareQuery.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  const wanted = query.success ? query.data : {};
  const to = newest.find((version) => version.version === wanted.to) ?? newest[0];
  const from =
    newest.find((version) => version.version === wanted.from) ??
    newest.find((version) => to && version.version < to.version) ??
    to;
  return {
    type: { uid: type.uid, title: type.title },
    uid: args.params.uid,
    title: to?.title ?? args.params.uid,
    locale,
    fallback,
    versions: newest.map((version) => ({
      version: version.version,
      title: version.title,
      savedAt: version.savedAt.toISOString(),
      savedBy: version.savedBy,
    })),
    compare:
      from && to
        ? { from: from.version, to: to.version, changes: changedFields(type.schema, from.fields, to.fields) }
        : null,
    badQuery: !query.success,
    canWrite: can(staff.role, 'content:write'),
  };
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'content:write');
  const management = contentManagementOf(services);
  const type = contentTypeOr404(management, args.params.type);
  const locale = localeOr404(management, args.params.locale);
  const parsed = await parseStaffForm(
    args.request,
    csrfToken,
    z.object({ intent: z.literal('restore'), version: versionNumber }),
  );
  if (!parsed.ok) return parsed.answer;
  const { version } = parsed.data;
  const done = await attemptContent(() =>
    management.restore(actor, { contentType: type.uid, uid: args.params.uid, locale, version }),
  );
  if (!done.ok) return done.answer;
  return {
    ok: true as const,
    message: `Version ${version} restored as version ${done.value.version}. Publish it to make it live.`,
  };
}

export default function EntryVersionsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { type, uid, title, locale, fallback, versions, compare, badQuery } = loaderData;
  const editor = `/admin/content/${type.uid}/${uid}/${locale}`;
  // Restoring acts on this locale's own copy, which a fallback has not got: that is done from the master's page.
  const canWrite = loaderData.canWrite && !fallback;
  return (
    <section aria-labelledby="versions-title">
      <p>
        <Link to={editor}>← {title || uid}</Link>
      </p>
      <h1 id="versions-title">Versions of {title || uid}</h1>
      <p className="admin-muted">
        {type.title} · {localeLabel(locale)}. Restoring saves an old version as the newest draft; publish it
        from the <Link to={editor}>entry</Link> to make it live.
      </p>
      {fallback ? (
        <p className="admin-notice content-fallback-note">
          {languageName(locale)} has no copy of its own: the store shows the {languageName(MASTER_LOCALE)}{' '}
          copy, whose versions are below. To restore one, go to the{' '}
          <Link to={`/admin/content/${type.uid}/${uid}/${MASTER_LOCALE}/versions`}>
            {languageName(MASTER_LOCALE)} versions
          </Link>
          ; to give {languageName(locale)} its own copy, create it from the <Link to={editor}>entry</Link>.
        </p>
      ) : null}
      <RefusalMessage answer={answer} />
      {answer?.ok ? (
        <p>
          <Link to={editor} className="admin-button">
            Go to the entry to publish
          </Link>
        </p>
      ) : null}

      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Versions, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Version
              </th>
              <th scope="col">Title</th>
              <th scope="col">Saved</th>
              <th scope="col">By</th>
              {canWrite ? <th scope="col">Restore</th> : null}
            </tr>
          </thead>
          <tbody>
            {versions.map((version, index) => (
              <tr key={version.version}>
                <td className="num">{version.version}</td>
                <td>{version.title}</td>
                <td>{dateTime(version.savedAt)}</td>
                <td>{version.savedBy ?? '—'}</td>
                {canWrite ? (
                  <td>
                    {index === 0 ? (
                      <span className="admin-muted">Current draft</span>
                    ) : (
                      <Form method="post" className="admin-inline-form">
                        <CsrfField />
                        <input type="hidden" name="version" value={version.version} />
                        <button
                          type="submit"
                          name="intent"
                          value="restore"
                          className="admin-button admin-button--small"
                          disabled={busy}
                          aria-label={`Restore version ${version.version}`}
                        >
                          Restore
                        </button>
                      </Form>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 id="compare-title">Compare two versions</h2>
      {badQuery ? (
        <p className="admin-notice admin-notice--error" role="alert">
          Choose two versions from the lists.
        </p>
      ) : null}
      <Form method="get" className="admin-filters" aria-labelledby="compare-title">
        <div>
          <label htmlFor="compare-from">Before</label>
          <select id="compare-from" name="from" defaultValue={compare?.from}>
            {versions.map((version) => (
              <option key={version.version} value={version.version}>
                Version {version.version}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="compare-to">After</label>
          <select id="compare-to" name="to" defaultValue={compare?.to}>
            {versions.map((version) => (
              <option key={version.version} value={version.version}>
                Version {version.version}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button">
          Compare
        </button>
      </Form>
      {compare ? (
        compare.changes.length === 0 ? (
          <p>
            Version {compare.from} and version {compare.to} have the same fields.
          </p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table content-diff">
              <caption className="visually-hidden">
                Fields changed from version {compare.from} to version {compare.to}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Version {compare.from}</th>
                  <th scope="col">Version {compare.to}</th>
                </tr>
              </thead>
              <tbody>
                {compare.changes.map((change) => (
                  <tr key={change.uid}>
                    <th scope="row">{change.label}</th>
                    <td>
                      <del>{change.before}</del>
                    </td>
                    <td>
                      <ins>{change.after}</ins>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </section>
  );
}

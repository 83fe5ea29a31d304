import { useEffect, useRef, useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { decodeEntryForm } from '#core/content-form.ts';
import { storefrontPathOf } from '#core/content-preview.ts';
import { can } from '#core/staff-permissions.ts';
import { EntryFields } from '../../../components/backoffice/content/entry-form.tsx';
import {
  dateTime,
  environmentLabel,
  languageName,
  localeLabel,
  MASTER_LOCALE,
} from '../../../components/backoffice/content/labels.ts';
import { LeaveGuard } from '../../../components/backoffice/content/leave-guard.tsx';
import { PreviewLinkForm } from '../../../components/backoffice/content/preview-link.tsx';
import {
  ProblemSummary,
  RefusalMessage,
  refusedFields,
} from '../../../components/backoffice/content/refusal.tsx';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { assetPreviewsOf, videoPostersOf } from '../../../lib/backoffice/content/asset-previews.server.ts';
import { chosenEnvironments, entryIntentSchema } from '../../../lib/backoffice/content/entry-intents.ts';
import {
  attemptContent,
  contentManagementOf,
  contentRefusal,
  contentTypeOr404,
  entryOr404,
  localeOr404,
  NOT_SAVED,
} from '../../../lib/backoffice/content/management.server.ts';
import { previewUrlForPath } from '../../../lib/backoffice/content/preview-url.ts';
import { parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import contentStyles from '../../../styles/admin-content.css?url';
import type { Route } from './+types/entry';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.entry.title || 'Entry'} | Ridgeline back office` }];
}

/** One entry in one locale (issue 21): its form from the schema, publishing per environment and its translation. */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'content:read');
  const management = contentManagementOf(services);
  const type = contentTypeOr404(management, args.params.type);
  const locale = localeOr404(management, args.params.locale);
  const entry = entryOr404(
    await management.getEntry(type.uid, args.params.uid, locale, { fallback: true }),
    type.title,
    args.params.uid,
  );
  const titles = Object.fromEntries(management.contentTypes().map((known) => [known.uid, known.title]));
  return {
    type: { uid: type.uid, title: type.title, schema: type.schema },
    entry: {
      uid: entry.uid,
      title: entry.title,
      version: entry.version,
      localised: entry.localised || locale === MASTER_LOCALE,
      fields: entry.fields,
      updatedAt: entry.updatedAt.toISOString(),
      updatedBy: entry.updatedBy,
      publications: entry.publications
        .filter((publication) => publication.locale === locale)
        .map((publication) => ({
          environment: publication.environment,
          version: publication.version,
          publishedAt: publication.publishedAt.toISOString(),
          publishedBy: publication.publishedBy,
        })),
    },
    locale,
    locales: [...management.locales()],
    environments: [...management.environments()],
    assets: {
      ...(await assetPreviewsOf(management, type, entry.fields)),
      ...(await videoPostersOf(services.media, type, entry.fields)),
    },
    titles,
    created: new URL(args.request.url).searchParams.has('created'),
    canWrite: can(staff.role, 'content:write'),
  };
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'content:write');
  const management = contentManagementOf(services);
  const type = contentTypeOr404(management, args.params.type);
  const locale = localeOr404(management, args.params.locale);
  const uid = args.params.uid;
  const parsed = await parseStaffForm(args.request, csrfToken, entryIntentSchema);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const language = languageName(locale);

  if (form.intent === 'save') {
    const decoded = decodeEntryForm(type.schema, parsed.form.entries());
    if (decoded.problems.length)
      return contentRefusal(400, NOT_SAVED, {
        problems: decoded.problems,
        fields: decoded.fields,
      });
    const done = await attemptContent(
      () =>
        management.saveEntry(actor, {
          contentType: type.uid,
          uid,
          locale,
          fields: decoded.fields,
          ...(form.expectedVersion ? { expectedVersion: form.expectedVersion } : {}),
        }),
      decoded.fields,
    );
    if (!done.ok) return done.answer;
    return {
      ok: true as const,
      message: `Saved as version ${done.value.version} — not live until published.`,
    };
  }

  if ((form.intent === 'localise' || form.intent === 'unlocalise') && locale === MASTER_LOCALE)
    return contentRefusal(
      400,
      `${language} is the master locale: the other locales are translated from it, it has no translation to create or remove.`,
    );

  if (form.intent === 'localise') {
    const own = await management.getEntry(type.uid, uid, locale);
    if (own) return contentRefusal(409, `This entry already has its own ${language} copy: edit it below.`);
    const master = entryOr404(await management.getEntry(type.uid, uid, MASTER_LOCALE), type.title, uid);
    const done = await attemptContent(() =>
      management.saveEntry(actor, { contentType: type.uid, uid, locale, fields: master.fields }),
    );
    if (!done.ok) return done.answer;
    return {
      ok: true as const,
      message: `${language} version created from ${languageName(MASTER_LOCALE)} as version ${done.value.version} — translate it, then publish.`,
    };
  }

  if (form.intent === 'unlocalise') {
    const done = await attemptContent(() => management.unlocalise(actor, type.uid, uid, locale));
    if (!done.ok) return done.answer;
    return {
      ok: true as const,
      message: `The ${language} translation was removed: ${language} falls back to ${languageName(MASTER_LOCALE)}.`,
    };
  }

  const chosen = chosenEnvironments(
    parsed.form.getAll('environment'),
    management.environments(),
    form.intent,
  );
  if (!chosen.ok)
    return contentRefusal(400, chosen.message, {
      fieldErrors: { [`${form.intent}-environment`]: chosen.message },
    });
  const where = chosen.environments.map(environmentLabel).join(', ');
  if (form.intent === 'publish') {
    const done = await attemptContent(() =>
      management.publish(actor, {
        contentType: type.uid,
        uid,
        locales: [locale],
        environments: chosen.environments,
        version: form.version,
      }),
    );
    if (!done.ok) return done.answer;
    return {
      ok: true as const,
      message: `Version ${form.version} published to ${where} (${language}): the store shows it within seconds.`,
    };
  }
  const done = await attemptContent(() =>
    management.unpublish(actor, {
      contentType: type.uid,
      uid,
      locales: [locale],
      environments: chosen.environments,
    }),
  );
  if (!done.ok) return done.answer;
  return { ok: true as const, message: `Unpublished from ${where} (${language}).` };
}

/** None is ticked for the editor: where a change goes live is their choice each time (issue 40). */
function EnvironmentChoices({
  environments,
  idPrefix,
  legend,
  error,
}: {
  environments: string[];
  idPrefix: string;
  legend: string;
  error: string | undefined;
}) {
  const errorId = `${idPrefix}-environment-error`;
  return (
    <fieldset
      className="content-envs"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {environments.map((environment) => (
        <label key={environment} htmlFor={`${idPrefix}-${environment}`}>
          <input id={`${idPrefix}-${environment}`} type="checkbox" name="environment" value={environment} />{' '}
          {environmentLabel(environment)}
        </label>
      ))}
      {error ? (
        <span className="admin-field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

export default function ContentEntryPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { type, entry, locale, locales, environments, assets, titles, created, canWrite } = loaderData;
  const { problems, posted } = refusedFields(answer);
  const fallback = entry.localised ? null : `Falls back to ${languageName(MASTER_LOCALE)} (${MASTER_LOCALE})`;
  const base = `/admin/content/${type.uid}/${entry.uid}`;
  const previewPath = storefrontPathOf({
    contentType: type.uid,
    uid: entry.uid,
    locale,
    fields: entry.fields,
  });
  const formKey = `${entry.version}:${locale}:${entry.localised}:${answer ? (answer.ok ? 'ok' : 'refused') : ''}`;
  const environmentError = (intent: 'publish' | 'unpublish') =>
    answer && !answer.ok ? answer.fieldErrors?.[`${intent}-environment`] : undefined;
  const [changed, setChanged] = useState(false);
  // The edit form's own submission is the one way to leave it with its changes: never held by the guard.
  const saving = useRef(false);
  useEffect(() => {
    if (navigation.state === 'idle') saving.current = false;
  }, [navigation.state]);
  return (
    <section aria-labelledby="entry-title" className="content-editor">
      <p>
        <Link to={`/admin/content/${type.uid}?locale=${locale}`}>← {type.title}</Link>
      </p>
      <h1 id="entry-title">{entry.title || entry.uid}</h1>
      <p className="admin-muted">
        {type.title} · {entry.uid} · {localeLabel(locale)} · version {entry.version}, saved{' '}
        {dateTime(entry.updatedAt)}
        {entry.updatedBy ? ` by ${entry.updatedBy}` : ''}
      </p>
      <nav className="admin-tabs" aria-label="Locales of this entry">
        <ul>
          {locales.map((code) => (
            <li key={code}>
              <Link to={`${base}/${code}`} aria-current={code === locale ? 'page' : undefined}>
                {languageName(code)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {created ? (
        <p className="admin-notice admin-notice--ok" role="status">
          Created as version {entry.version} — not live until published.
        </p>
      ) : null}
      <RefusalMessage answer={answer} />
      <ProblemSummary problems={problems} schema={type.schema} message={answer?.message ?? ''} />

      <LeaveGuard changed={canWrite && changed} isSaving={() => saving.current} />
      <div className="content-editor__layout">
        <Form
          method="post"
          className="admin-form content-form"
          aria-label={`Edit ${entry.title || entry.uid}`}
          onSubmit={() => {
            saving.current = true;
          }}
        >
          <CsrfField />
          <input type="hidden" name="expectedVersion" value={entry.version} />
          {fallback ? (
            <p className="admin-notice content-fallback-note">
              {languageName(locale)} has no copy of its own: the store shows the {languageName(MASTER_LOCALE)}{' '}
              values below. Saving this form creates the {languageName(locale)} version.
            </p>
          ) : null}
          <EntryFields
            key={formKey}
            schema={type.schema}
            initial={posted ?? entry.fields}
            saved={entry.fields}
            onChanged={setChanged}
            context={{
              problems: Object.fromEntries(
                problems.map((problem) => [problem.path.join('.'), problem.message]),
              ),
              assets,
              fallback,
              contentTypeTitle: (uid) => titles[uid] ?? uid,
            }}
          />
          {canWrite ? (
            <button type="submit" name="intent" value="save" className="admin-button" disabled={busy}>
              Save
            </button>
          ) : null}
        </Form>

        <aside className="content-editor__side" aria-label="Publishing and translation">
          <h2>Publishing</h2>
          <ul className="content-publications">
            {environments.map((environment) => {
              const publication = entry.publications.find(
                (candidate) => candidate.environment === environment,
              );
              return (
                <li key={environment}>
                  <strong>{environmentLabel(environment)}:</strong>{' '}
                  {publication ? (
                    <>
                      version {publication.version}, {dateTime(publication.publishedAt)}
                      {publication.version < entry.version ? (
                        <span className="admin-badge admin-badge--low">Draft newer</span>
                      ) : null}
                    </>
                  ) : (
                    <span className="admin-muted">not published</span>
                  )}
                </li>
              );
            })}
          </ul>
          {canWrite ? (
            <>
              <Form method="post" className="content-side-form" aria-label="Publish">
                <CsrfField />
                <input type="hidden" name="version" value={entry.version} />
                <EnvironmentChoices
                  environments={environments}
                  idPrefix="publish"
                  legend="Publish to"
                  error={environmentError('publish')}
                />
                {locale !== MASTER_LOCALE ? (
                  <p className="admin-muted">
                    {languageName(MASTER_LOCALE)} must be published to an environment before{' '}
                    {languageName(locale)}.
                  </p>
                ) : null}
                <button type="submit" name="intent" value="publish" className="admin-button" disabled={busy}>
                  Publish version {entry.version}
                </button>
              </Form>
              {entry.publications.length ? (
                <Form method="post" className="content-side-form" aria-label="Unpublish">
                  <CsrfField />
                  <EnvironmentChoices
                    environments={environments}
                    idPrefix="unpublish"
                    legend="Unpublish from"
                    error={environmentError('unpublish')}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="unpublish"
                    className="admin-button admin-button--danger"
                    disabled={busy}
                  >
                    Unpublish
                  </button>
                </Form>
              ) : null}
            </>
          ) : null}

          <h2>Translation</h2>
          {locale === MASTER_LOCALE ? (
            <p className="admin-muted">
              {languageName(MASTER_LOCALE)} is the master locale: other locales fall back to it.
            </p>
          ) : entry.localised ? (
            canWrite ? (
              <Form method="post" aria-label="Remove translation">
                <CsrfField />
                <p>This entry has its own {languageName(locale)} copy.</p>
                <button
                  type="submit"
                  name="intent"
                  value="unlocalise"
                  className="admin-button admin-button--quiet"
                >
                  Remove this translation
                </button>
              </Form>
            ) : null
          ) : canWrite ? (
            <Form method="post" aria-label="Create translation">
              <CsrfField />
              <p>
                The store shows the {languageName(MASTER_LOCALE)} version in {languageName(locale)}.
              </p>
              <button type="submit" name="intent" value="localise" className="admin-button">
                Create {languageName(locale)} version from {languageName(MASTER_LOCALE)}
              </button>
            </Form>
          ) : null}

          <h2>Preview</h2>
          <p>
            {/* A whole document, not a client-side navigation: the server marks the storefront page as a preview. */}
            <a href={previewUrlForPath(previewPath)} target="_blank" rel="noopener">
              Open preview of the saved draft
            </a>
          </p>
          {canWrite ? <PreviewLinkForm path={previewPath} /> : null}

          <h2>History</h2>
          <p>
            <Link to={`${base}/${locale}/versions`}>Versions of this entry</Link>
          </p>
        </aside>
      </div>
    </section>
  );
}

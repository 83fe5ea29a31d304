import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { decodeEntryForm } from '#core/content-form.ts';
import { EntryFields } from '../../../components/backoffice/content/entry-form.tsx';
import { localeLabel, MASTER_LOCALE } from '../../../components/backoffice/content/labels.ts';
import { LeaveGuard } from '../../../components/backoffice/content/leave-guard.tsx';
import {
  ProblemSummary,
  RefusalMessage,
  refusedFields,
} from '../../../components/backoffice/content/refusal.tsx';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import {
  attemptContent,
  contentManagementOf,
  contentRefusal,
  contentTypeOr404,
} from '../../../lib/backoffice/content/management.server.ts';
import { parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import contentStyles from '../../../styles/admin-content.css?url';
import type { Route } from './+types/new';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `New ${loaderData?.type.title ?? 'entry'} | Ridgeline back office` }];
}

/** A singleton that already has its entry takes no second one. */
async function refuseSecondSingleton(
  management: ReturnType<typeof contentManagementOf>,
  type: { uid: string; title: string; options: { singleton: boolean } },
) {
  if (!type.options.singleton) return;
  const existing = await management.listEntries({ contentType: type.uid, locale: MASTER_LOCALE, limit: 1 });
  if (existing.items.length)
    throw data(
      { message: `${type.title} holds one entry, and it exists: edit it instead.` },
      { status: 409 },
    );
}

/** A new entry of a content type (issue 21), written in the master locale; it is a draft until published. */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'content:write');
  const management = contentManagementOf(services);
  const type = contentTypeOr404(management, args.params.type);
  await refuseSecondSingleton(management, type);
  const titles = Object.fromEntries(management.contentTypes().map((known) => [known.uid, known.title]));
  return { type: { uid: type.uid, title: type.title, schema: type.schema }, titles };
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'content:write');
  const management = contentManagementOf(services);
  const type = contentTypeOr404(management, args.params.type);
  await refuseSecondSingleton(management, type);
  const parsed = await parseStaffForm(args.request, csrfToken, z.object({ intent: z.literal('create') }));
  if (!parsed.ok) return parsed.answer;
  const decoded = decodeEntryForm(type.schema, parsed.form.entries());
  if (decoded.problems.length)
    return contentRefusal(400, 'Nothing was created: correct the fields below.', {
      problems: decoded.problems,
      fields: decoded.fields,
    });
  const done = await attemptContent(
    () =>
      management.createEntry(actor, { contentType: type.uid, locale: MASTER_LOCALE, fields: decoded.fields }),
    decoded.fields,
  );
  if (!done.ok) return done.answer;
  throw redirect(`/admin/content/${type.uid}/${done.value.uid}/${MASTER_LOCALE}?created=1`);
}

const NOTHING_SAVED: Record<string, unknown> = {};

export default function NewEntryPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { type, titles } = loaderData;
  const [changed, setChanged] = useState(false);
  // Creating is the one way to leave this form with what was typed: never held by the guard.
  const saving = useRef(false);
  useEffect(() => {
    if (navigation.state === 'idle') saving.current = false;
  }, [navigation.state]);
  const { problems, posted } = refusedFields(answer);
  return (
    <section aria-labelledby="new-entry-title" className="content-editor">
      <p>
        <Link to={`/admin/content/${type.uid}`}>← {type.title}</Link>
      </p>
      <h1 id="new-entry-title">New {type.title.toLowerCase()}</h1>
      <p className="admin-muted">
        Written in {localeLabel(MASTER_LOCALE)}; translate it once it is created. Nothing is live until you
        publish.
      </p>
      <RefusalMessage answer={answer} />
      <ProblemSummary problems={problems} schema={type.schema} message={answer?.message ?? ''} />
      <LeaveGuard changed={changed} isSaving={() => saving.current} />
      <Form
        method="post"
        className="admin-form content-form"
        aria-label={`New ${type.title}`}
        onSubmit={() => {
          saving.current = true;
        }}
      >
        <CsrfField />
        <EntryFields
          key={answer ? 'refused' : 'new'}
          schema={type.schema}
          initial={posted ?? {}}
          saved={NOTHING_SAVED}
          onChanged={setChanged}
          context={{
            problems: Object.fromEntries(
              problems.map((problem) => [problem.path.join('.'), problem.message]),
            ),
            assets: {},
            fallback: null,
            contentTypeTitle: (uid) => titles[uid] ?? uid,
          }}
        />
        <button type="submit" name="intent" value="create" className="admin-button" disabled={busy}>
          Create entry
        </button>
      </Form>
    </section>
  );
}

import { data, Form, redirect, useActionData } from 'react-router';
import { z } from 'zod';
import { PREVIEW_COOKIE_SECONDS, previewTarget } from '#core/content-preview.ts';
import { can } from '#core/staff-permissions.ts';
import type { Services } from '#server/services.ts';
import { PreviewLinkForm } from '../../../components/backoffice/content/preview-link.tsx';
import { FormMessage } from '../../../components/backoffice/form-message.tsx';
import { parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/preview';

/**
 * Preview of drafts on the storefront (docs/decisions/0010-content-preview.md). `?path=/en-us/...` (the
 * editor's "Open preview") gives this staff member a short-lived preview cookie and goes to the page; without a
 * path, a form to open any page in preview. The action makes a signed link anyone can open for 24 hours.
 */

export function meta() {
  return [{ title: 'Preview | Ridgeline back office' }];
}

const NO_PREVIEW =
  'Preview needs the built-in content service: a hosted content service has its own preview.';

function previewOf(services: Services) {
  const preview = services.content.preview;
  if (!preview) throw data({ message: NO_PREVIEW }, { status: 404 });
  return preview;
}

const pathField = z
  .string({ error: 'Give the storefront page to preview, such as /en-us/support.' })
  .trim()
  .transform((value, context) => {
    const path = previewTarget(value);
    if (!path) {
      context.addIssue({
        code: 'custom',
        message: 'Give a storefront page under a locale, such as /en-us or /de-de/support.',
      });
      return z.NEVER;
    }
    return path;
  });

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'content:read');
  const preview = previewOf(services);
  const asked = new URL(args.request.url).searchParams.get('path');
  if (asked !== null) {
    const parsed = pathField.safeParse(asked);
    if (!parsed.success)
      return data(
        { asked, message: parsed.error.issues[0]?.message ?? '', canShare: false },
        { status: 400 },
      );
    const secure = services.sessions.isHttps(args.request);
    throw redirect(parsed.data, {
      headers: {
        'Set-Cookie': preview.cookies.set(new Date(Date.now() + PREVIEW_COOKIE_SECONDS * 1000), secure),
      },
    });
  }
  return { asked: '', message: '', canShare: can(staff.role, 'content:write') };
}

const linkForm = z.object({ intent: z.literal('link'), path: pathField });

export async function action(args: Route.ActionArgs) {
  const { services, csrfToken } = await requireStaff(args, 'content:write');
  const preview = previewOf(services);
  const parsed = await parseStaffForm(args.request, csrfToken, linkForm);
  if (!parsed.ok) return parsed.answer;
  const { href, expiresAt } = preview.linkFor(parsed.data.path);
  return {
    ok: true as const,
    message: 'Preview link made: anyone with it sees the drafts of the store until it expires.',
    link: new URL(href, services.origin).toString(),
    expiresAt: expiresAt.toISOString(),
  };
}

export default function ContentPreviewPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { asked, message, canShare } = loaderData;
  return (
    <section aria-labelledby="preview-title">
      <h1 id="preview-title">Preview</h1>
      <p>
        A preview shows the storefront with every saved draft, as it will look once published. It is marked by
        a banner, never cached and never indexed; only you see it, for an hour.
      </p>
      {/* A whole-document navigation: the storefront page is another document, marked by the server. */}
      <Form
        method="get"
        reloadDocument
        className="admin-form admin-form--narrow"
        aria-label="Open a page in preview"
      >
        <label htmlFor="preview-path">Storefront page</label>
        <input
          id="preview-path"
          name="path"
          type="text"
          defaultValue={asked || '/en-us'}
          required
          maxLength={2000}
          aria-describedby="preview-path-hint preview-path-error"
          aria-invalid={message ? true : undefined}
        />
        <span id="preview-path-hint" className="admin-muted">
          A path under a locale, such as /en-us, /de-de/support or /fr-fr/blog.
        </span>
        {message ? (
          <span className="admin-field-error" id="preview-path-error">
            {message}
          </span>
        ) : null}
        <button type="submit" className="admin-button">
          Open preview
        </button>
      </Form>
      {canShare ? (
        <>
          <h2>Share a preview</h2>
          <FormMessage answer={answer && !answer.ok ? answer : undefined} />
          <PreviewLinkForm path={asked || '/en-us'} editablePath />
        </>
      ) : null}
    </section>
  );
}

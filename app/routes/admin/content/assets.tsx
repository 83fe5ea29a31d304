import { data, Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { looksLikeSvg, SVG_REFUSAL } from '#core/asset-upload.ts';
import { IMAGE_UPLOAD_MAX_BYTES } from '#core/image-upload.ts';
import { can } from '#core/staff-permissions.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { KeysetPager } from '../../../components/backoffice/list-parts.tsx';
import { type AssetPage, assetView, fileSizeLabel } from '../../../lib/backoffice/content/asset-view.ts';
import { contentManagementOf } from '../../../lib/backoffice/content/management.server.ts';
import { attemptRefusable, refusalStatus } from '../../../lib/backoffice/content/refusals.server.ts';
import { parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import assetStyles from '../../../styles/admin-content-assets.css?url';
import type { Route } from './+types/assets';

/**
 * The content asset library (issue 21): the images entries use, found by title one keyset page at a time, with
 * previews through the media service; upload (checked from its bytes by the media pipeline), publish, unpublish
 * and delete (refused while entries use the asset, naming them). Plain forms: it all works without JavaScript.
 * The editor's asset picker loads this page's data too.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: assetStyles }];

export function meta() {
  return [{ title: 'Assets | Ridgeline back office' }];
}

const PAGE_SIZE = 24;

const listQuery = z.object({
  q: z.string().trim().max(200, 'Keep the search under 200 characters.').default(''),
  after: z.string().max(500, 'That page link is not valid.').optional(),
});

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'content:read');
  const management = contentManagementOf(services);
  const parsed = listQuery.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!parsed.success)
    throw data({ message: parsed.error.issues[0]?.message ?? 'That search is not valid.' }, { status: 400 });
  const { q, after } = parsed.data;
  const page = await management.assets.list({
    ...(q ? { search: q } : {}),
    ...(after ? { after } : {}),
    limit: PAGE_SIZE,
  });
  const query = new URLSearchParams(q ? { q } : {});
  const nextQuery = new URLSearchParams(query);
  if (page.next) nextQuery.set('after', page.next);
  const result: AssetPage & { first: string | null; canWrite: boolean; environments: string[] } = {
    q,
    items: page.items.map(assetView),
    next: page.next ? `?${nextQuery}` : null,
    first: after ? `?${query}` : null,
    canWrite: can(staff.role, 'content:write'),
    environments: [...management.environments()],
  };
  return result;
}

const assetUid = z
  .string({ error: 'Choose an asset.' })
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/, 'Choose an asset.');

const assetForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('upload'),
    file: z
      .instanceof(File, { error: 'Choose an image file to upload.' })
      .refine((file) => file.size > 0, 'Choose an image file to upload.'),
    title: z.string().trim().max(200, 'Keep the title under 200 characters.').default(''),
  }),
  z.object({ intent: z.literal('delete'), uid: assetUid }),
  z.object({ intent: z.literal('publish'), uid: assetUid, environment: z.string().min(1).max(100) }),
  z.object({ intent: z.literal('unpublish'), uid: assetUid, environment: z.string().min(1).max(100) }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'content:write');
  const management = contentManagementOf(services);
  const parsed = await parseStaffForm(args.request, csrfToken, assetForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  if (form.intent === 'upload') {
    const bytes = new Uint8Array(await form.file.arrayBuffer());
    if (looksLikeSvg(bytes, form.file.name))
      return refuse(400, 'The file was not uploaded.', { file: SVG_REFUSAL });
    const done = await attemptRefusable(() =>
      management.assets.upload(actor, {
        filename: form.file.name || 'upload',
        bytes,
        ...(form.title ? { title: form.title } : {}),
      }),
    );
    if (!done.ok) {
      const message =
        done.refusal.code === 'invalid'
          ? (done.refusal.problems[0]?.message ?? done.refusal.message)
          : done.refusal.message;
      return refuse(refusalStatus(done.refusal), 'The file was not uploaded.', { file: message });
    }
    return {
      ok: true as const,
      uploaded: done.value.uid,
      message: `Uploaded “${done.value.title}”. Publish it to use it on the live store.`,
    };
  }
  if (form.intent === 'delete') {
    const done = await attemptRefusable(() => management.assets.delete(actor, form.uid));
    if (done.ok) return { ok: true as const, message: 'Asset deleted.' };
    const referrers = done.refusal.code === 'referenced' ? done.refusal.referrers : [];
    return data(
      {
        ok: false as const,
        message: done.refusal.message,
        fieldErrors: {} as Record<string, string>,
        uid: form.uid,
        referrers,
      },
      { status: refusalStatus(done.refusal) },
    );
  }
  if (!management.environments().includes(form.environment))
    return refuse(400, `There is no environment “${form.environment}”.`);
  const published = form.intent === 'publish';
  const done = await attemptRefusable(() =>
    published
      ? management.assets.publish(actor, form.uid, [form.environment])
      : management.assets.unpublish(actor, form.uid, [form.environment]),
  );
  if (!done.ok) {
    const referrers = done.refusal.code === 'referenced' ? done.refusal.referrers : [];
    return data(
      {
        ok: false as const,
        message: done.refusal.message,
        fieldErrors: {} as Record<string, string>,
        uid: form.uid,
        referrers,
      },
      { status: refusalStatus(done.refusal) },
    );
  }
  return {
    ok: true as const,
    message: published
      ? `Published to ${form.environment}: the live store can show it now.`
      : `Unpublished from ${form.environment}.`,
  };
}

interface AssetRefusal {
  ok: false;
  message: string;
  uid: string;
  referrers: Array<{ contentType: string; uid: string; locale: string; title: string }>;
}

/** A refusal about one asset of the list (shown on its card), not about the upload form. */
const isAssetRefusal = (answer: unknown): answer is AssetRefusal =>
  Boolean(answer) &&
  (answer as AssetRefusal).ok === false &&
  typeof (answer as AssetRefusal).uid === 'string';

const editorPath = (ref: { contentType: string; uid: string; locale: string }) =>
  `/admin/content/${encodeURIComponent(ref.contentType)}/${encodeURIComponent(ref.uid)}/${encodeURIComponent(ref.locale)}`;

export default function ContentAssetsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { q, items, next, first, canWrite, environments } = loaderData;
  const refused = isAssetRefusal(answer) ? answer : null;
  return (
    <section aria-labelledby="assets-title">
      <h1 id="assets-title">Assets</h1>
      <p className="admin-muted">
        Images that entries show. An entry refers to an asset by its uid; the picker in the editor fills it
        in.
      </p>
      {refused ? null : <FormMessage answer={answer} />}

      {canWrite ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="admin-form admin-form--narrow"
          aria-label="Upload an asset"
          key={answer?.ok && 'uploaded' in answer ? answer.uploaded : 'upload'}
        >
          <h2>Upload an image</h2>
          <CsrfField />
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor="asset-file">Image file</label>
          <input
            id="asset-file"
            name="file"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp,image/avif"
            aria-describedby="asset-file-hint file-error"
            aria-invalid={answer && !answer.ok && answer.fieldErrors.file ? true : undefined}
          />
          <span id="asset-file-hint" className="admin-muted">
            JPEG, PNG, WebP or AVIF, up to {IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB. SVG is not accepted (it
            can carry scripts). The file is checked from its contents and encoded again.
          </span>
          <FieldError answer={answer} name="file" />
          <label htmlFor="asset-title">Title (optional: the file name otherwise)</label>
          <input id="asset-title" name="title" type="text" maxLength={200} aria-describedby="title-error" />
          <FieldError answer={answer} name="title" />
          <button type="submit" className="admin-button">
            Upload
          </button>
        </Form>
      ) : null}

      <h2>Library</h2>
      <Form method="get" className="admin-filters" role="search" aria-label="Find assets">
        <div>
          <label htmlFor="assets-q">Search by title</label>
          <input id="assets-q" name="q" type="search" defaultValue={q} maxLength={200} />
        </div>
        <button type="submit" className="admin-button">
          Find assets
        </button>
        {q ? <Link to="/admin/content/assets">Clear</Link> : null}
      </Form>

      {items.length === 0 ? <p>{q ? 'No assets match.' : 'No assets yet.'}</p> : null}
      <ul className="admin-assets">
        {items.map((asset) => (
          <li key={asset.uid} className="admin-asset" aria-labelledby={`asset-${asset.uid}`}>
            {asset.thumbnail ? (
              <img src={asset.thumbnail} alt="" width={160} height={120} loading="lazy" />
            ) : (
              <span className="admin-asset__file">{asset.contentType}</span>
            )}
            <div className="admin-asset__facts">
              <strong id={`asset-${asset.uid}`}>{asset.title}</strong>
              <span className="admin-muted">
                {asset.filename} · {fileSizeLabel(asset.fileSize)} · version {asset.version}
              </span>
              <span>
                <code>{asset.uid}</code>
              </span>
              <span>
                {asset.publishedTo.length ? (
                  asset.publishedTo.map((environment) => (
                    <span key={environment} className="admin-badge admin-badge--live">
                      Live in {environment}
                    </span>
                  ))
                ) : (
                  <span className="admin-badge">Not published</span>
                )}
              </span>
            </div>
            {refused && refused.uid === asset.uid ? (
              <div className="admin-notice admin-notice--error" role="alert">
                <p>{refused.message}</p>
                {refused.referrers.length ? (
                  <ul>
                    {refused.referrers.map((ref) => (
                      <li key={`${ref.contentType}/${ref.uid}/${ref.locale}`}>
                        <Link to={editorPath(ref)}>{ref.title || ref.uid}</Link> ({ref.contentType},{' '}
                        {ref.locale})
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
            {canWrite ? (
              <div className="admin-asset__actions">
                {environments.map((environment) => {
                  const live = asset.publishedTo.includes(environment);
                  return (
                    <Form
                      key={environment}
                      method="post"
                      aria-label={`${live ? 'Unpublish' : 'Publish'} ${asset.title} ${live ? 'from' : 'to'} ${environment}`}
                    >
                      <CsrfField />
                      <input type="hidden" name="intent" value={live ? 'unpublish' : 'publish'} />
                      <input type="hidden" name="uid" value={asset.uid} />
                      <input type="hidden" name="environment" value={environment} />
                      <button type="submit" className="admin-button admin-button--small admin-button--quiet">
                        {live ? `Unpublish from ${environment}` : `Publish to ${environment}`}
                      </button>
                    </Form>
                  );
                })}
                <Form method="post" aria-label={`Delete ${asset.title}`}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="uid" value={asset.uid} />
                  <button type="submit" className="admin-button admin-button--small admin-button--danger">
                    Delete
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <KeysetPager label="Pages of the asset library" first={first} next={next} />
    </section>
  );
}

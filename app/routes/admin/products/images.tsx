import { data, Form, useActionData } from 'react-router';
import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES } from '#core/image-upload.ts';
import { mediaUrl } from '#core/media-url.ts';
import { can } from '#core/staff-permissions.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { productIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import imageStyles from '../../../styles/admin-images.css?url';
import type { Route } from './+types/images';

/**
 * A product's images in the back office (issue 20): the uploaded images in order (move up, move down, remove),
 * an upload form, and the image each colour shows on the storefront. Plain forms: it all works without JS.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: imageStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Images: ${loaderData?.view.product.name ?? 'Product'} | Ridgeline back office` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const id = productIdOf(args.params);
  const done = await attemptStaff(services, () => services.productImages.view(id));
  if (!done.ok) throw data('No such product', { status: 404 });
  return { view: done.value, canWrite: can(staff.role, 'catalogue:write') };
}

const mediaId = z
  .string({ error: 'Choose an image.' })
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/, 'Choose an image.');

const imagesForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('upload'),
    image: z
      .instanceof(File, { error: 'Choose an image file to upload.' })
      .refine((file) => file.size > 0 || file.name !== '', 'Choose an image file to upload.'),
    alt: z.string().trim().max(200, 'Keep the description under 200 characters.').default(''),
    colourId: z
      .union([z.literal(''), z.coerce.number().int().positive()])
      .optional()
      .transform((value) => (value ? value : null)),
  }),
  z.object({
    intent: z.literal('move'),
    mediaId,
    direction: z.enum(['up', 'down'], { error: 'Move up or down.' }),
  }),
  z.object({ intent: z.literal('remove'), mediaId }),
  z.object({
    intent: z.literal('colour'),
    colourId: z.coerce.number({ error: 'Choose a colour.' }).int().positive('Choose a colour.'),
    mediaId,
  }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const id = productIdOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, imagesForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const images = services.productImages;
  if (form.intent === 'upload') {
    const bytes = new Uint8Array(await form.image.arrayBuffer());
    const done = await attemptStaff(services, () =>
      images.upload(actor, id, { bytes, alt: form.alt, colourId: form.colourId }),
    );
    if (!done.ok) return done.answer;
    const { id: uploaded, width, height, format } = done.value;
    return {
      ok: true as const,
      uploaded,
      message: `Uploaded: a ${width}×${height} ${format.toUpperCase()}, added after the other images.${
        form.colourId ? ' A colour that showed no image shows it now.' : ' Pick it for a colour below.'
      }`,
    };
  }
  if (form.intent === 'move') {
    const done = await attemptStaff(services, () => images.move(actor, id, form.mediaId, form.direction));
    return done.ok ? { ok: true as const, message: `Moved ${form.direction}.` } : done.answer;
  }
  if (form.intent === 'remove') {
    const done = await attemptStaff(services, () => images.remove(actor, id, form.mediaId));
    return done.ok ? { ok: true as const, message: 'Image removed.' } : done.answer;
  }
  const done = await attemptStaff(services, () => images.pick(actor, id, form.colourId, form.mediaId));
  return done.ok
    ? { ok: true as const, message: 'Saved: the storefront shows this image for the colour.' }
    : done.answer;
}

const THUMB = { width: 120, height: 160 };
/** A thumbnail at twice its shown size, padded to 3:4 on white like the storefront's tiles. */
const thumbnail = (id: string) =>
  mediaUrl({ id, qlt: 80, bg: 'rgb(255,255,255)' }, { width: THUMB.width * 2, height: THUMB.height * 2 }) ??
  '';

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

export default function ProductImagesPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { view, canWrite } = loaderData;
  const { product, images, colours } = view;
  const labelOf = (id: string | null) => {
    if (!id) return 'None';
    const index = images.findIndex((image) => image.mediaId === id);
    if (index >= 0) return `Image ${index + 1}`;
    return colours.some((colour) => colour.drawnId === id) ? 'Drawn image' : id;
  };
  return (
    <>
      <FormMessage answer={answer} />

      <h2>Images in order</h2>
      {images.length === 0 ? (
        <p>
          No images uploaded yet: the storefront shows a colour's drawn image where it has one, else none.
        </p>
      ) : (
        <ol className="admin-images">
          {images.map((image, index) => (
            <li key={image.mediaId} className="admin-image">
              <img
                src={thumbnail(image.mediaId)}
                alt={image.alt || `Image ${index + 1} of ${product.name}`}
                width={THUMB.width}
                height={THUMB.height}
                loading="lazy"
              />
              <div className="admin-image__facts">
                <strong>Image {index + 1}</strong>
                <span>
                  {image.width}×{image.height} {image.format.toUpperCase()}, {kilobytes(image.bytes)}
                </span>
                <span className="admin-muted">
                  {image.shownBy.length ? `Shown for ${image.shownBy.join(', ')}` : 'No colour shows it'}
                </span>
                {image.alt ? <span>“{image.alt}”</span> : null}
              </div>
              {canWrite ? (
                <div className="admin-image__actions">
                  {index > 0 ? (
                    <Form method="post" aria-label={`Move image ${index + 1} up`}>
                      <CsrfField />
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="mediaId" value={image.mediaId} />
                      <input type="hidden" name="direction" value="up" />
                      <button type="submit" className="admin-button admin-button--small admin-button--quiet">
                        Move up
                      </button>
                    </Form>
                  ) : null}
                  {index < images.length - 1 ? (
                    <Form method="post" aria-label={`Move image ${index + 1} down`}>
                      <CsrfField />
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="mediaId" value={image.mediaId} />
                      <input type="hidden" name="direction" value="down" />
                      <button type="submit" className="admin-button admin-button--small admin-button--quiet">
                        Move down
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post" aria-label={`Remove image ${index + 1}`}>
                    <CsrfField />
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="mediaId" value={image.mediaId} />
                    <button type="submit" className="admin-button admin-button--small admin-button--danger">
                      Remove
                    </button>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      {canWrite ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="admin-form admin-form--narrow"
          aria-label="Upload an image"
          key={answer?.ok && 'uploaded' in answer ? answer.uploaded : 'upload'}
        >
          <h2>Upload an image</h2>
          <CsrfField />
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor="image-file">Image file</label>
          <input
            id="image-file"
            name="image"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp,image/avif"
            aria-describedby="image-file-hint image-error"
          />
          <span id="image-file-hint" className="admin-muted">
            JPEG, PNG, WebP or AVIF, up to {IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB and 40 megapixels. The
            file is checked and encoded again; its metadata (camera, place) is not kept.
          </span>
          <FieldError answer={answer} name="image" />
          <label htmlFor="image-alt">Description for shoppers who cannot see it (optional)</label>
          <input id="image-alt" name="alt" type="text" maxLength={200} aria-describedby="alt-error" />
          <FieldError answer={answer} name="alt" />
          {colours.length > 0 ? (
            <>
              <label htmlFor="image-colour">Image of the colour</label>
              <select
                id="image-colour"
                name="colourId"
                defaultValue={colours.find((colour) => !colour.imageId)?.id ?? ''}
                aria-describedby="image-colour-hint"
              >
                <option value="">No colour (pick it below)</option>
                {colours.map((colour) => (
                  <option key={colour.id} value={colour.id}>
                    {colour.label}
                  </option>
                ))}
              </select>
              <span id="image-colour-hint" className="admin-muted">
                A colour that shows no image yet shows this one on tiles, its page and in search.
              </span>
              <FieldError answer={answer} name="colourId" />
            </>
          ) : null}
          <button type="submit" className="admin-button">
            Upload
          </button>
        </Form>
      ) : null}

      <h2>Image per colour</h2>
      {colours.length === 0 ? (
        <p>
          This product has no colour option: its storefront page shows the image of its content entry, which
          is changed with the content, not here.
        </p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Colour</th>
                <th scope="col">Image shown</th>
              </tr>
            </thead>
            <tbody>
              {colours.map((colour) => {
                const choices = [
                  ...images.map((image, index) => ({ id: image.mediaId, label: `Image ${index + 1}` })),
                  ...(colour.drawnId ? [{ id: colour.drawnId, label: 'Drawn image' }] : []),
                ];
                return (
                  <tr key={colour.id}>
                    <th scope="row">
                      <span className="admin-swatch" style={{ background: colour.hex }} aria-hidden="true" />{' '}
                      {colour.label}
                    </th>
                    <td>
                      <div className="admin-colour-image">
                        {colour.imageId ? (
                          <img
                            src={thumbnail(colour.imageId)}
                            alt=""
                            width={THUMB.width / 2}
                            height={THUMB.height / 2}
                            loading="lazy"
                          />
                        ) : null}
                        <span>{labelOf(colour.imageId)}</span>
                        {canWrite ? (
                          <Form
                            method="post"
                            className="admin-inline-form"
                            aria-label={`Show an image for ${colour.label}`}
                          >
                            <CsrfField />
                            <input type="hidden" name="intent" value="colour" />
                            <input type="hidden" name="colourId" value={colour.id} />
                            <select
                              id={`colour-${colour.id}`}
                              aria-label={`Image for ${colour.label}`}
                              name="mediaId"
                              defaultValue={colour.imageId ?? undefined}
                              disabled={choices.length === 0}
                            >
                              {choices.map((choice) => (
                                <option key={choice.id} value={choice.id}>
                                  {choice.label}
                                </option>
                              ))}
                            </select>
                            <button
                              type="submit"
                              className="admin-button admin-button--small"
                              disabled={choices.length === 0}
                            >
                              Show
                            </button>
                          </Form>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

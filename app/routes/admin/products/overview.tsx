import { Form, Link, redirect, useActionData } from 'react-router';
import { z } from 'zod';
import { mediaUrl, tileImage } from '#core/media-url.ts';
import {
  categoryLabels,
  isProductTextLocale,
  PRODUCT_TEXT_LIMITS,
  PRODUCT_TEXT_LOCALE_NAMES,
  PRODUCT_TEXT_LOCALES,
  type ProductTextLocale,
} from '#core/product-text.ts';
import { can } from '#core/staff-permissions.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { formatMoney, REGION_LABELS } from '../../../components/backoffice/money.ts';
import { attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { productOfPage } from '../../../lib/backoffice/product-frame.server.ts';
import { frameProductName, useProductFrame } from '../../../lib/backoffice/product-frame.ts';
import { productIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import customerStyles from '../../../styles/admin-customers.css?url';
import productEditStyles from '../../../styles/admin-product-edit.css?url';
import type { Route } from './+types/overview';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: customerStyles },
  { rel: 'stylesheet', href: productEditStyles },
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${frameProductName(matches)} | Ridgeline back office` }];
}

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Both halves of a product as the shopper sees it: the commerce record and its content entry (issue 20). */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const id = productIdOf(args.params);
  // The frame's read: the product is loaded once for the frame and this tab.
  const product = await productOfPage(args, services);
  const url = new URL(args.request.url);
  const asked = url.searchParams.get('text') ?? 'en-us';
  const textLocale: ProductTextLocale = isProductTextLocale(asked) ? asked : 'en-us';
  const [entry, texts] = await Promise.all([
    services.content.client.productByUid(product.slug, 'en-us') as Promise<Raw | null>,
    services.commerce.productAdmin.text(id),
  ]);
  const image = entry?.image && typeof entry.image === 'object' ? (entry.image as Raw) : null;
  // A copy's page names the product it was copied from (the redirect after "Duplicate" carries its id).
  const copiedFromId = Number(url.searchParams.get('copiedFrom'));
  const copiedFrom =
    Number.isInteger(copiedFromId) && copiedFromId > 0
      ? await attemptStaff(services, () => services.commerce.catalogueAdmin.detail(copiedFromId))
      : null;
  return {
    content: entry
      ? {
          uid: text(entry.uid),
          title: text(entry.title),
          tagline: text(entry.tagline),
          regions: Array.isArray(entry.regions) ? entry.regions.map(String) : [],
          image: text(image?.amplience_id)
            ? mediaUrl(tileImage(text(image?.amplience_id)), { width: 240, height: 160 })
            : null,
          updatedAt: text(entry.updated_at) || null,
        }
      : null,
    texts,
    textLocale,
    created: url.searchParams.get('created') === '1',
    copiedFrom: copiedFrom?.ok ? copiedFrom.value.name : null,
    categoryLabels: Object.fromEntries(categoryLabels(product.categories)),
    canWrite: can(staff.role, 'catalogue:write'),
  };
}

const yes = z
  .string()
  .optional()
  .transform((value) => value === 'on');

const productForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('publish') }),
  z.object({ intent: z.literal('unpublish') }),
  z.object({ intent: z.literal('flags'), isNew: yes, isRedesigned: yes }),
  z.object({ intent: z.literal('swatches') }),
  z.object({ intent: z.literal('duplicate') }),
  z.object({
    intent: z.literal('text'),
    locale: z.enum(PRODUCT_TEXT_LOCALES, { error: 'Choose a language.' }),
    name: z.string().default(''),
    tagline: z.string().default(''),
    description: z.string().default(''),
    seoTitle: z.string().default(''),
    seoDescription: z.string().default(''),
  }),
  z.object({
    intent: z.literal('category'),
    categoryId: z.coerce.number({ error: 'Choose a category.' }).int().positive('Choose a category.'),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const id = productIdOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, productForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const admin = services.commerce.catalogueAdmin;
  if (form.intent === 'duplicate') {
    const done = await attemptStaff(services, () => services.commerce.productAdmin.duplicate(actor, id));
    if (!done.ok) return done.answer;
    return redirect(`/admin/products/${done.value.id}?copiedFrom=${id}`);
  }
  if (form.intent === 'swatches') {
    // One colour input per colour value: `swatch-{valueId}`.
    const swatches: Record<number, string> = {};
    for (const [key, value] of parsed.form.entries())
      if (key.startsWith('swatch-') && typeof value === 'string') swatches[Number(key.slice(7))] = value;
    const done = await attemptStaff(services, () =>
      services.commerce.productAdmin.setSwatches(actor, id, swatches),
    );
    return done.ok ? { ok: true as const, message: 'Swatches saved.' } : done.answer;
  }
  if (form.intent === 'text') {
    // Colour names come as `colour-{slug}`, one per colour value the form showed.
    const colours: Record<string, string> = {};
    for (const [key, value] of parsed.form.entries())
      if (key.startsWith('colour-') && typeof value === 'string') colours[key.slice(7)] = value;
    const { intent: _intent, locale, ...text } = form;
    const done = await attemptStaff(services, () =>
      services.commerce.productAdmin.setText(actor, id, locale, { ...text, colours }),
    );
    return done.ok
      ? {
          ok: true as const,
          message: `${PRODUCT_TEXT_LOCALE_NAMES[locale]} text saved: the storefront shows it now.`,
        }
      : done.answer;
  }
  if (form.intent === 'publish' || form.intent === 'unpublish') {
    const published = form.intent === 'publish';
    const done = await attemptStaff(services, () => admin.setPublished(actor, id, published));
    if (!done.ok) return done.answer;
    return {
      ok: true as const,
      message: published
        ? 'Published: the product is listed in its categories again.'
        : 'Unpublished: the storefront answers 410 with recommendations for it.',
    };
  }
  if (form.intent === 'flags') {
    const done = await attemptStaff(services, () =>
      admin.setFlags(actor, id, { isNew: form.isNew, isRedesigned: form.isRedesigned }),
    );
    return done.ok ? { ok: true as const, message: 'Tags saved.' } : done.answer;
  }
  const done = await attemptStaff(services, () => admin.setCategory(actor, id, form.categoryId));
  return done.ok ? { ok: true as const, message: 'Category saved.' } : done.answer;
}

const dateTime = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : null);

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { product } = useProductFrame();
  const { content, canWrite, texts, textLocale, created, copiedFrom } = loaderData;
  const categoryName = (id: number, path: string) => loaderData.categoryLabels[id] ?? path;
  const colourOption = product.options.find((option) => /^colou?r$/i.test(option.displayName));
  const english = texts.find((entry) => entry.locale === 'en-us')!;
  const shown = texts.find((entry) => entry.locale === textLocale) ?? english;
  const fallback = shown.locale !== 'en-us' && !shown.own;
  return (
    <>
      <FormMessage answer={answer} />
      {created && !answer ? (
        <p className="admin-notice admin-notice--ok" role="status">
          Product created, unpublished: give it its text in each language, images and stock, then publish it.
        </p>
      ) : null}
      {copiedFrom && !answer ? (
        <p className="admin-notice admin-notice--ok" role="status">
          Copy of {copiedFrom} created — not visible to shoppers until you publish it. Its stock is 0 for
          every variant: set it on the <Link to={`/admin/products/${product.id}/stock`}>Stock</Link> tab.
        </p>
      ) : null}

      <h2 id="product-text-heading">Text for shoppers</h2>
      <nav aria-label="Languages of the product text" className="admin-locale-tabs">
        <ul>
          {texts.map((entry) => (
            <li key={entry.locale}>
              <Link
                to={`?text=${entry.locale}`}
                aria-current={entry.locale === shown.locale ? 'page' : undefined}
                preventScrollReset
              >
                {PRODUCT_TEXT_LOCALE_NAMES[entry.locale]}
                <span className="admin-muted">
                  {entry.locale === 'en-us' ? ' (fallback)' : entry.own ? '' : ' (English)'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="post"
        className="admin-form admin-product-form"
        aria-labelledby="product-text-heading"
        key={`${shown.locale}-${shown.own}`}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="text" />
        <input type="hidden" name="locale" value={shown.locale} />
        <p className="admin-muted" id="text-fallback-hint">
          {shown.locale === 'en-us'
            ? 'English is the fallback: a language without its own text shows these words.'
            : fallback
              ? `${PRODUCT_TEXT_LOCALE_NAMES[shown.locale]} has no text of its own yet: shoppers read the English below. A field left empty keeps showing English.`
              : `A field left empty shows the English text.`}
        </p>
        {(
          [
            ['name', 'Name', PRODUCT_TEXT_LIMITS.name],
            ['tagline', 'Tagline', PRODUCT_TEXT_LIMITS.tagline],
          ] as const
        ).map(([field, label, max]) => (
          <div key={field} className="admin-field">
            <label htmlFor={`text-${field}`}>{label}</label>
            <input
              id={`text-${field}`}
              name={field}
              type="text"
              maxLength={max}
              required={field === 'name' && shown.locale === 'en-us'}
              defaultValue={fallback ? '' : shown.text[field]}
              placeholder={shown.locale === 'en-us' ? undefined : english.text[field]}
              readOnly={!canWrite}
              aria-describedby={`${field}-error`}
            />
            <FieldError answer={answer} name={field} />
          </div>
        ))}
        <label htmlFor="text-description">Description</label>
        <textarea
          id="text-description"
          name="description"
          rows={6}
          maxLength={PRODUCT_TEXT_LIMITS.description}
          defaultValue={fallback ? '' : shown.text.description}
          placeholder={shown.locale === 'en-us' ? undefined : english.text.description}
          readOnly={!canWrite}
          aria-describedby="description-error"
        />
        <FieldError answer={answer} name="description" />
        {Object.keys(shown.text.colours).length > 0 ? (
          <fieldset>
            <legend>Colour names</legend>
            {Object.entries(shown.text.colours).map(([slug, label]) => (
              <div key={slug} className="admin-field">
                <label htmlFor={`text-colour-${slug}`}>{english.text.colours[slug] ?? slug}</label>
                <input
                  id={`text-colour-${slug}`}
                  name={`colour-${slug}`}
                  type="text"
                  maxLength={PRODUCT_TEXT_LIMITS.colour}
                  defaultValue={fallback ? '' : label}
                  placeholder={english.text.colours[slug]}
                  readOnly={!canWrite}
                  aria-describedby={`colour-${slug}-error`}
                />
                <FieldError answer={answer} name={`colour-${slug}`} />
              </div>
            ))}
          </fieldset>
        ) : null}
        <label htmlFor="text-seo-title">SEO title</label>
        <input
          id="text-seo-title"
          name="seoTitle"
          type="text"
          maxLength={PRODUCT_TEXT_LIMITS.seoTitle}
          defaultValue={fallback ? '' : shown.text.seoTitle}
          placeholder="Name | Ridgeline Snowshoe Co."
          readOnly={!canWrite}
          aria-describedby="seoTitle-error"
        />
        <FieldError answer={answer} name="seoTitle" />
        <label htmlFor="text-seo-description">SEO description</label>
        <textarea
          id="text-seo-description"
          name="seoDescription"
          rows={2}
          maxLength={PRODUCT_TEXT_LIMITS.seoDescription}
          defaultValue={fallback ? '' : shown.text.seoDescription}
          placeholder="The tagline"
          readOnly={!canWrite}
          aria-describedby="seoDescription-error"
        />
        <FieldError answer={answer} name="seoDescription" />
        {canWrite ? (
          <button type="submit" className="admin-button">
            Save {PRODUCT_TEXT_LOCALE_NAMES[shown.locale]} text
          </button>
        ) : null}
      </Form>

      <h2>Commerce record</h2>
      <dl className="admin-facts">
        <dt>SKU</dt>
        <dd>{product.sku}</dd>
        <dt>Status</dt>
        <dd>
          {product.published ? 'Published' : 'Unpublished'}{' '}
          {product.published ? (
            <a href={`/en-us/p/${product.slug}`}>View in the store</a>
          ) : (
            <span className="admin-muted">(shoppers get 410 with recommendations)</span>
          )}
        </dd>
        <dt>Category</dt>
        <dd>{product.category ? categoryName(product.category.id, product.category.path) : '—'}</dd>
        <dt>Listed in</dt>
        <dd>
          {product.listedIn.map((category) => categoryName(category.id, category.path)).join(', ') ||
            'No category listing'}
        </dd>
        <dt>Category ids per region</dt>
        <dd>
          {product.category
            ? Object.entries(product.category.regionIds)
                .map(([region, id]) => `${REGION_LABELS[region] ?? region}: ${id}`)
                .join(' · ')
            : '—'}
        </dd>
        <dt>Stock tracking</dt>
        <dd>{product.inventoryTracking === 'variant' ? 'Per variant' : product.inventoryTracking}</dd>
        <dt>Options</dt>
        <dd>
          {product.options
            .map((option) => `${option.displayName}: ${option.values.map((v) => v.label).join(', ')}`)
            .join(' · ') || 'None'}
        </dd>
      </dl>

      {canWrite ? (
        <div className="admin-actions">
          <Form method="post" className="admin-inline-form" aria-label="Publishing">
            <CsrfField />
            <input type="hidden" name="intent" value={product.published ? 'unpublish' : 'publish'} />
            <button
              type="submit"
              className={`admin-button admin-button--small${product.published ? ' admin-button--danger' : ''}`}
            >
              {product.published ? 'Unpublish' : 'Publish'}
            </button>
          </Form>
          <Form method="post" className="admin-inline-form" aria-label="Duplicate">
            <CsrfField />
            <input type="hidden" name="intent" value="duplicate" />
            <button type="submit" className="admin-button admin-button--small">
              Duplicate
            </button>
          </Form>
          <Form method="post" className="admin-inline-form" aria-label="Tags">
            <CsrfField />
            <input type="hidden" name="intent" value="flags" />
            <label htmlFor="flag-new">
              <input id="flag-new" name="isNew" type="checkbox" defaultChecked={product.isNew} /> New
            </label>
            <label htmlFor="flag-redesigned">
              <input
                id="flag-redesigned"
                name="isRedesigned"
                type="checkbox"
                defaultChecked={product.isRedesigned}
              />{' '}
              Redesigned
            </label>
            <button type="submit" className="admin-button admin-button--small">
              Save tags
            </button>
          </Form>
          <Form method="post" className="admin-inline-form" aria-label="Category">
            <CsrfField />
            <input type="hidden" name="intent" value="category" />
            <label htmlFor="product-category">Category</label>
            <select id="product-category" name="categoryId" defaultValue={product.category?.id}>
              {product.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryName(category.id, category.path)}
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button admin-button--small">
              Move
            </button>
          </Form>
        </div>
      ) : null}

      {colourOption && canWrite ? (
        <Form method="post" className="admin-form admin-product-form" aria-labelledby="swatches-heading">
          <h2 id="swatches-heading">Swatches</h2>
          <CsrfField />
          <input type="hidden" name="intent" value="swatches" />
          <div className="admin-swatch-inputs">
            {colourOption.values.map((value) => (
              <label key={value.entityId} htmlFor={`swatch-${value.entityId}`}>
                <input
                  id={`swatch-${value.entityId}`}
                  name={`swatch-${value.entityId}`}
                  type="color"
                  defaultValue={value.hexColors[0] ?? '#cccccc'}
                />{' '}
                {value.label}
              </label>
            ))}
          </div>
          <button type="submit" className="admin-button admin-button--small">
            Save swatches
          </button>
        </Form>
      ) : null}

      <h2>Variants</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Options</th>
              <th scope="col" className="num">
                In stock
              </th>
              <th scope="col" className="num">
                Low at
              </th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((variant) => (
              <tr key={variant.id} className={variant.purchasingDisabled ? 'admin-row--muted' : undefined}>
                <th scope="row">{variant.sku}</th>
                <td>{variant.options.map((option) => `${option.name}: ${option.label}`).join(', ')}</td>
                <td className="num">{variant.level}</td>
                <td className="num">{variant.threshold}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Prices</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col" className="num">
                Retail
              </th>
              <th scope="col" className="num">
                Sale
              </th>
              <th scope="col">Sale runs</th>
            </tr>
          </thead>
          <tbody>
            {product.prices.map((price) => (
              <tr key={price.regionId}>
                <th scope="row">{REGION_LABELS[price.regionId] ?? price.regionId}</th>
                <td className="num">{formatMoney(price.retail, price.currency)}</td>
                <td className="num">{price.sale === null ? '—' : formatMoney(price.sale, price.currency)}</td>
                <td>
                  {price.sale === null
                    ? '—'
                    : `${dateTime(price.saleStartsAt) ?? 'now'} → ${dateTime(price.saleEndsAt) ?? 'until removed'}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Content entry</h2>
      {content ? (
        <dl className="admin-facts">
          <dt>Title</dt>
          <dd>{content.title || '—'}</dd>
          <dt>Tagline</dt>
          <dd>{content.tagline || '—'}</dd>
          <dt>Content regions</dt>
          <dd>{content.regions.join(', ') || 'All'}</dd>
          <dt>Image</dt>
          <dd>
            {content.image ? <img src={content.image} alt="" width={240} height={160} loading="lazy" /> : '—'}
          </dd>
          <dt>Entry</dt>
          <dd>
            <code>product/{content.uid}</code>
            {content.updatedAt ? (
              <span className="admin-muted"> (changed {dateTime(content.updatedAt)})</span>
            ) : null}
          </dd>
        </dl>
      ) : (
        <p>
          This product has no content entry: the storefront shows its commerce name and no description or
          images.
        </p>
      )}
    </>
  );
}

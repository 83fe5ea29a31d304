import { data, Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { mediaUrl, tileImage } from '#core/media-url.ts';
import { can } from '#core/staff-permissions.ts';
import { CsrfField } from '../../components/admin/csrf-field.tsx';
import { FormMessage } from '../../components/admin/form-message.tsx';
import { formatMoney, REGION_LABELS } from '../../components/admin/money.ts';
import { ProductTabs } from '../../components/admin/product-tabs.tsx';
import { productIdOf } from '../../lib/admin/record-id.server.ts';
import { attemptStaff, parseStaffForm } from '../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import customerStyles from '../../styles/admin-customers.css?url';
import type { Route } from './+types/product';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customerStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.product.name ?? 'Product'} | Ridgeline back office` }];
}

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Both halves of a product as the shopper sees it: the commerce record and its content entry (issue 20). */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const id = productIdOf(args.params);
  const done = await attemptStaff(services, () => services.commerce.catalogueAdmin.detail(id));
  if (!done.ok) throw data('No such product', { status: 404 });
  const product = done.value;
  const entry = (await services.content.client.productByUid(product.slug, 'en-us')) as Raw | null;
  const image = entry?.image && typeof entry.image === 'object' ? (entry.image as Raw) : null;
  return {
    product,
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
  const { product, content, canWrite } = loaderData;
  return (
    <section aria-labelledby="product-title">
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1 id="product-title">{product.name}</h1>
      <ProductTabs productId={product.id} current="overview" />
      <FormMessage answer={answer} />

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
        <dd>{product.category ? product.category.path : '—'}</dd>
        <dt>Listed in</dt>
        <dd>{product.listedIn.map((category) => category.path).join(', ') || 'No category listing'}</dd>
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
                  {category.path}
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button admin-button--small">
              Move
            </button>
          </Form>
        </div>
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
    </section>
  );
}

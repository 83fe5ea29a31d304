import { data, Form, Link } from 'react-router';
import { parseProductListFilter } from '#core/product-list-filter.ts';
import { can } from '#core/staff-permissions.ts';
import { FilterErrors, KeysetPager } from '../../../components/backoffice/list-parts.tsx';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import dashboardStyles from '../../../styles/admin-dashboard.css?url';
import type { Route } from './+types/list';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dashboardStyles }];

export function meta() {
  return [{ title: 'Products | Ridgeline back office' }];
}

const FILTER_FIELDS = ['q', 'category', 'published', 'stock', 'isNew', 'redesigned', 'onSale'] as const;
type FilterValues = Record<(typeof FILTER_FIELDS)[number], string>;

const STOCK_LABELS = { in: 'In stock', low: 'Low', out: 'Sold out' } as const;

/** The catalogue's products, searched and filtered, one keyset page at a time (issue 20). */
export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const params = new URL(args.request.url).searchParams;
  const values = Object.fromEntries(
    FILTER_FIELDS.map((field) => [field, params.get(field) ?? '']),
  ) as FilterValues;
  const categories = (await services.commerce.catalogue.listCategories(1, 500)).data.map((category) => ({
    id: category.id,
    path: category.path,
  }));
  const canWrite = can(staff.role, 'catalogue:write');
  const parsed = parseProductListFilter(params);
  if (!parsed.success) {
    const errors = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'filter')}: ${issue.message}`,
    );
    return data({ values, categories, errors, rows: [], next: null, first: null, canWrite }, { status: 400 });
  }
  const page = await services.commerce.catalogueAdmin.list(parsed.data);
  const query = new URLSearchParams();
  for (const field of FILTER_FIELDS) if (values[field]) query.set(field, values[field]);
  const nextQuery = new URLSearchParams(query);
  if (page.next !== null) nextQuery.set('after', String(page.next));
  return {
    values,
    categories,
    errors: [] as string[],
    rows: page.rows,
    next: page.next !== null ? `?${nextQuery}` : null,
    first: parsed.data.after !== undefined ? `?${query}` : null,
    canWrite,
  };
}

function YesNo({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">Any</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </div>
  );
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { values, categories, errors, rows, next, first, canWrite } = loaderData;
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Products</h1>
      <p className="admin-actions">
        {canWrite ? (
          <Link to="/admin/products/new" className="admin-button">
            New product
          </Link>
        ) : null}
        <a href="/admin/products.csv" download>
          Export CSV
        </a>
        {canWrite ? <Link to="/admin/products/import">Import CSV</Link> : null}
      </p>
      <Form method="get" className="admin-filters" role="search" aria-label="Find products">
        <div>
          <label htmlFor="products-q">Name or SKU</label>
          <input id="products-q" name="q" type="search" defaultValue={values.q} maxLength={200} />
        </div>
        <div>
          <label htmlFor="products-category">Category</label>
          <select id="products-category" name="category" defaultValue={values.category}>
            <option value="">Any category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.path}
              </option>
            ))}
          </select>
        </div>
        <YesNo id="products-published" name="published" label="Published" value={values.published} />
        <div>
          <label htmlFor="products-stock">Stock</label>
          <select id="products-stock" name="stock" defaultValue={values.stock}>
            <option value="">Any stock</option>
            {Object.entries(STOCK_LABELS).map(([state, label]) => (
              <option key={state} value={state}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <YesNo id="products-new" name="isNew" label="New" value={values.isNew} />
        <YesNo id="products-redesigned" name="redesigned" label="Redesigned" value={values.redesigned} />
        <YesNo id="products-sale" name="onSale" label="On sale now" value={values.onSale} />
        <button type="submit" className="admin-button">
          Find products
        </button>
        <Link to="/admin/products">Clear</Link>
      </Form>

      <FilterErrors errors={errors} />

      {rows.length === 0 && !errors.length ? <p>No products match.</p> : null}
      {rows.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Products, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Category</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Variants
                </th>
                <th scope="col" className="num">
                  Stock
                </th>
                <th scope="col">Tags</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.published ? undefined : 'admin-row--muted'}>
                  <th scope="row">
                    <Link to={`/admin/products/${row.id}`}>{row.name}</Link>
                  </th>
                  <td>{row.sku}</td>
                  <td>{row.category}</td>
                  <td>{row.published ? 'Published' : 'Unpublished'}</td>
                  <td className="num">{row.variants}</td>
                  <td className="num">
                    {row.stock}{' '}
                    <span className={`admin-badge admin-badge--${row.stockState}`}>
                      {STOCK_LABELS[row.stockState]}
                    </span>
                  </td>
                  <td>
                    {[
                      row.isNew ? 'New' : null,
                      row.isRedesigned ? 'Redesigned' : null,
                      row.onSale ? 'Sale' : null,
                    ]
                      .filter(Boolean)
                      .join(', ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <KeysetPager label="Pages of products" first={first} next={next} />
    </section>
  );
}

import { data, Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { can } from '#core/staff-permissions.ts';
import {
  MAX_LOW_STOCK_THRESHOLD,
  MAX_STOCK_LEVEL,
  STAFF_STOCK_REASONS,
  STOCK_REASON_LABELS,
  type StaffStockReason,
  type StockChangeReason,
} from '#core/stock-change.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '#core/stock-state.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { KeysetPager } from '../../../components/backoffice/list-parts.tsx';
import { attemptStaff, parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { productIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import customerStyles from '../../../styles/admin-customers.css?url';
import dashboardStyles from '../../../styles/admin-dashboard.css?url';
import stockStyles from '../../../styles/admin-stock.css?url';
import type { Route } from './+types/stock';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * One product's stock in the back office (issue 20): each variant's level, state and low-stock threshold with a
 * form to record a count or an adjustment; a variant's own page (?variant=ID) adds its threshold form and its
 * history, newest first, one keyset page (?before=) at a time. Every change goes through the one stock path
 * (server/commerce/stock.ts): a movement and an audit entry in one transaction, back-in-stock mail after it.
 */

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: customerStyles },
  { rel: 'stylesheet', href: dashboardStyles },
  { rel: 'stylesheet', href: stockStyles },
];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Stock of ${loaderData?.product.name ?? 'a product'} | Ridgeline back office` }];
}

const viewSchema = z.object({
  variant: id.optional(),
  before: id.optional(),
});

/** What each reason does with the number entered: a count sets the level, the others move it. */
const REASON_CHOICES: Record<StaffStockReason, string> = {
  count: 'Count: set the level to',
  delivery: 'Delivery: add',
  return: 'Return: add',
  damage: 'Damage: take away',
};

const STATE_LABELS = { in: 'In stock', low: 'Low', out: 'Sold out' } as const;

const variantId = z.coerce
  .number({ error: 'Choose a variant.' })
  .int('Choose a variant.')
  .positive('Choose a variant.')
  .max(2_147_483_647, 'Choose a variant.');

const stockForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('stock'),
    variantId,
    reason: z.enum(STAFF_STOCK_REASONS, {
      error: `Choose a reason: ${STAFF_STOCK_REASONS.join(', ')}.`,
    }),
    quantity: z
      .string({ error: 'Enter a number of units.' })
      .trim()
      .regex(/^[+-]?\d{1,7}$/, 'Enter a whole number of units, such as 12.')
      .transform(Number),
    note: z.string().trim().max(500, 'A note has at most 500 characters.').optional().default(''),
  }),
  z.object({ intent: z.literal('count-all') }),
  z.object({
    intent: z.literal('threshold'),
    variantId,
    threshold: z
      .string()
      .trim()
      .regex(
        /^(\d{1,5})?$/,
        `Enter a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}, or leave it empty for the default.`,
      )
      .transform((value) => (value === '' ? null : Number(value))),
  }),
]);

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const productId = productIdOf(args.params);
  const view = viewSchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!view.success) throw data({ message: 'There is no such variant.' }, { status: 404 });
  const admin = services.commerce.stockAdmin;
  const found = await attemptStaff(services, () => admin.product(productId));
  if (!found.ok) throw data({ message: `There is no product ${productId}.` }, { status: 404 });
  const product = found.value;
  const selected = view.data.variant;
  let history = null;
  if (selected !== undefined) {
    if (!product.variants.some((variant) => variant.id === selected))
      throw data({ message: `Product ${productId} has no variant ${selected}.` }, { status: 404 });
    const page = await admin.history(selected, { before: view.data.before });
    history = {
      rows: page.rows,
      next: page.next === null ? null : `?variant=${selected}&before=${page.next}`,
      newest: view.data.before === undefined ? null : `?variant=${selected}`,
    };
  }
  return {
    product,
    selected: product.variants.find((variant) => variant.id === selected) ?? null,
    history,
    canWrite: can(staff.role, 'catalogue:write'),
  };
}

/** A refused form's field messages in its one message too: the row forms of the list have no room for them. */
function withFieldMessages(answer: ReturnType<typeof refuse>) {
  const body = answer.data;
  const fields = Object.values(body.fieldErrors);
  if (body.ok || fields.length === 0) return answer;
  return refuse((answer.init?.status as number | undefined) ?? 400, fields.join(' '), body.fieldErrors);
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const productId = productIdOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, stockForm);
  if (!parsed.ok) return withFieldMessages(parsed.answer);
  const form = parsed.data;
  const admin = services.commerce.stockAdmin;
  if (form.intent === 'count-all') {
    // One units field per variant (`count-{variantId}`); an empty one leaves that variant as it is.
    const counts: Array<{ variantId: number; level: number }> = [];
    const problems: Record<string, string> = {};
    for (const [key, value] of parsed.form.entries()) {
      if (!key.startsWith('count-') || typeof value !== 'string' || value.trim() === '') continue;
      const level = Number(value.trim());
      if (!/^\d{1,7}$/.test(value.trim()) || level > MAX_STOCK_LEVEL)
        problems[key] = `Enter a whole number of units from 0 to ${MAX_STOCK_LEVEL}.`;
      else counts.push({ variantId: Number(key.slice(6)), level });
    }
    if (Object.keys(problems).length) return refuse(400, Object.values(problems)[0]!, problems);
    const done = await attemptStaff(services, () => admin.countMany(actor, productId, counts));
    if (!done.ok) return done.answer;
    return {
      ok: true as const,
      message:
        done.value.length === 0
          ? 'Nothing changed: every count matches the stock.'
          : `Counted ${done.value.length} ${done.value.length === 1 ? 'variant' : 'variants'} in one save.`,
    };
  }
  if (form.intent === 'threshold') {
    const done = await attemptStaff(services, () =>
      admin.setThreshold(actor, productId, form.variantId, form.threshold),
    );
    if (!done.ok) return done.answer;
    return {
      ok: true as const,
      message:
        form.threshold === null
          ? `Low-stock threshold back to the default (${DEFAULT_LOW_STOCK_THRESHOLD}).`
          : `Low-stock threshold set to ${form.threshold}.`,
    };
  }
  const reason = form.reason;
  const change =
    reason === 'count'
      ? { set: form.quantity }
      : { adjust: reason === 'damage' ? -Math.abs(form.quantity) : form.quantity };
  const done = await attemptStaff(services, () =>
    admin.change(actor, productId, { variantId: form.variantId, reason, note: form.note, ...change }),
  );
  if (!done.ok) return done.answer;
  const { before, after } = done.value;
  const sku = (await admin.variant(productId, form.variantId)).sku;
  return {
    ok: true as const,
    message: `${sku}: ${before} → ${after} (${STOCK_REASON_LABELS[reason].toLowerCase()}).${
      before <= 0 && after > 0 ? ' Back in stock: the shoppers waiting for it are e-mailed.' : ''
    }`,
  };
}

type LoaderData = Route.ComponentProps['loaderData'];
type VariantRow = LoaderData['product']['variants'][number];

const optionsOf = (variant: VariantRow) =>
  variant.options.map((option) => `${option.name}: ${option.label}`).join(', ') || 'No options';
const dateTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function StateBadge({ variant }: { variant: VariantRow }) {
  return <span className={`admin-badge admin-badge--${variant.state}`}>{STATE_LABELS[variant.state]}</span>;
}

function Threshold({ variant }: { variant: VariantRow }) {
  return (
    <>
      {variant.threshold}
      {variant.lowStockThreshold === null ? <span className="admin-muted"> (default)</span> : null}
    </>
  );
}

/** Record a count or an adjustment of one variant: compact in a row of the list, with a note on its own page. */
function StockForm({ variant, full }: { variant: VariantRow; full: boolean }) {
  const key = `${variant.id}`;
  return (
    <Form
      method="post"
      className={full ? 'admin-form admin-form--narrow' : 'admin-stock-form'}
      aria-label={`Change the stock of ${variant.sku}`}
      key={`stock-${key}-${variant.level}`}
      noValidate
    >
      <CsrfField />
      <input type="hidden" name="intent" value="stock" />
      <input type="hidden" name="variantId" value={variant.id} />
      <label htmlFor={`reason-${key}`} className={full ? undefined : 'visually-hidden'}>
        Reason for {variant.sku}
      </label>
      <select id={`reason-${key}`} name="reason" defaultValue="count">
        {STAFF_STOCK_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {REASON_CHOICES[reason]}
          </option>
        ))}
      </select>
      <label htmlFor={`quantity-${key}`} className={full ? undefined : 'visually-hidden'}>
        Units for {variant.sku}
      </label>
      <input
        id={`quantity-${key}`}
        name="quantity"
        type="number"
        inputMode="numeric"
        step={1}
        min={0}
        max={MAX_STOCK_LEVEL}
        required
        className="admin-stock-units"
      />
      {full ? (
        <>
          <label htmlFor={`note-${key}`}>Note (optional)</label>
          <input id={`note-${key}`} name="note" maxLength={500} />
        </>
      ) : null}
      <button type="submit" className={`admin-button${full ? '' : ' admin-button--small'}`}>
        Save
      </button>
    </Form>
  );
}

function VariantPanel({
  variant,
  history,
  canWrite,
  answer,
}: {
  variant: VariantRow;
  history: NonNullable<LoaderData['history']>;
  canWrite: boolean;
  answer: ReturnType<typeof useActionData<typeof action>>;
}) {
  return (
    <>
      <p>
        <Link to=".">← All variants</Link>
      </p>
      <h2>
        {variant.sku} <StateBadge variant={variant} />
      </h2>
      <dl className="admin-facts">
        <dt>Options</dt>
        <dd>{optionsOf(variant)}</dd>
        <dt>In stock</dt>
        <dd>{variant.level}</dd>
        <dt>Low at</dt>
        <dd>
          <Threshold variant={variant} />
        </dd>
      </dl>
      {canWrite ? (
        <div className="admin-stock-forms">
          <section aria-labelledby="change-title">
            <h3 id="change-title">Record a count or an adjustment</h3>
            <StockForm variant={variant} full />
          </section>
          <section aria-labelledby="threshold-title">
            <h3 id="threshold-title">Low-stock threshold</h3>
            <Form
              method="post"
              className="admin-form admin-form--narrow"
              key={`threshold-${variant.id}-${variant.threshold}`}
              noValidate
            >
              <CsrfField />
              <input type="hidden" name="intent" value="threshold" />
              <input type="hidden" name="variantId" value={variant.id} />
              <label htmlFor="threshold">Low at this many units or fewer</label>
              <input
                id="threshold"
                name="threshold"
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_LOW_STOCK_THRESHOLD}
                defaultValue={variant.lowStockThreshold ?? ''}
                aria-describedby="threshold-hint threshold-error"
              />
              <span id="threshold-hint" className="admin-muted">
                Leave empty for the store’s default ({DEFAULT_LOW_STOCK_THRESHOLD}).
              </span>
              <FieldError answer={answer} name="threshold" />
              <button type="submit" className="admin-button">
                Save threshold
              </button>
            </Form>
          </section>
        </div>
      ) : null}

      <h3 className="admin-stock-history">History</h3>
      {history.rows.length === 0 ? (
        <p className="admin-muted">No stock changes recorded yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="stock-history">
            <caption className="visually-hidden">Stock changes of {variant.sku}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Reason</th>
                <th scope="col" className="num">
                  Before → after
                </th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {history.rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <time dateTime={row.createdAt}>{dateTime(row.createdAt)}</time>
                  </td>
                  <td>{row.staffEmail ?? 'command line'}</td>
                  <td>{STOCK_REASON_LABELS[row.reason as StockChangeReason] ?? row.reason}</td>
                  <td className="num">
                    {row.before} → {row.after}
                  </td>
                  <td>{row.note || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager
        label="Pages of the history"
        first={history.newest}
        firstLabel="Newest changes"
        next={history.next}
        nextLabel="Older changes"
      />
    </>
  );
}

export default function ProductStockPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { product, selected, history, canWrite } = loaderData;
  return (
    <>
      <FormMessage answer={answer} />
      {product.inventoryTracking === 'none' ? (
        <p className="admin-muted">
          This product does not track stock: shoppers can always buy it, whatever the levels below say.
        </p>
      ) : null}

      {selected && history ? (
        <VariantPanel variant={selected} history={history} canWrite={canWrite} answer={answer} />
      ) : (
        <>
          <h2>Variants</h2>
          <div className="admin-table-wrap">
            <table className="admin-table admin-stock-table">
              <caption className="visually-hidden">Stock of each variant of {product.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col" className="num">
                    In stock
                  </th>
                  <th scope="col" className="num">
                    Low at
                  </th>
                  {canWrite ? <th scope="col">Count or adjust</th> : null}
                </tr>
              </thead>
              <tbody>
                {product.variants.map((variant) => (
                  <tr
                    key={variant.id}
                    className={variant.purchasingDisabled ? 'admin-row--muted' : undefined}
                  >
                    <th scope="row" className="admin-stock-variant">
                      {variant.sku}
                      <span className="admin-stock-options">{optionsOf(variant)}</span>
                      <Link to={`?variant=${variant.id}`} aria-label={`History of ${variant.sku}`}>
                        History
                      </Link>
                    </th>
                    <td className="num" data-label="In stock">
                      {variant.level} <StateBadge variant={variant} />
                    </td>
                    <td className="num" data-label="Low at">
                      <Threshold variant={variant} />
                    </td>
                    {canWrite ? (
                      <td className="admin-stock-change">
                        <StockForm variant={variant} full={false} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {canWrite && product.variants.length > 1 ? (
            <Form
              method="post"
              className="admin-form admin-product-form"
              aria-labelledby="count-all-heading"
              key={product.variants.map((variant) => variant.level).join(',')}
            >
              <h2 id="count-all-heading">Count every variant</h2>
              <p className="admin-muted">
                The units counted of each variant, saved together; a field left as it is changes nothing.
              </p>
              <CsrfField />
              <input type="hidden" name="intent" value="count-all" />
              <div className="admin-count-all">
                {product.variants.map((variant) => (
                  <label key={variant.id} htmlFor={`count-${variant.id}`}>
                    {variant.sku}
                    <input
                      id={`count-${variant.id}`}
                      name={`count-${variant.id}`}
                      type="number"
                      inputMode="numeric"
                      step={1}
                      min={0}
                      max={MAX_STOCK_LEVEL}
                      defaultValue={variant.level}
                    />
                  </label>
                ))}
              </div>
              <button type="submit" className="admin-button">
                Save all counts
              </button>
            </Form>
          ) : null}
        </>
      )}
    </>
  );
}

import { Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { can } from '#core/staff-permissions.ts';
import { formatStoreTime } from '#core/store-time.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FormMessage } from '../../../components/backoffice/form-message.tsx';
import { formatMoney, REGION_LABELS } from '../../../components/backoffice/money.ts';
import { TableScroll } from '../../../components/backoffice/table-scroll.tsx';
import { attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import customerStyles from '../../../styles/admin-customers.css?url';
import type { Route } from './+types/list';

/**
 * Discount codes in the back office (issue 41): every code with what it takes off, where and when it works, its
 * uses against its limit, the revenue of its orders and what it gave away; deactivate or activate in one click.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customerStyles }];

export function meta() {
  return [{ title: 'Discount codes | Ridgeline back office' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const zone = services.config.STORE_TIME_ZONE;
  const rows = await services.commerce.discountCodes.list();
  const now = Date.now();
  return {
    zone,
    canWrite: can(staff.role, 'catalogue:write'),
    codes: rows.map((row) => ({
      id: row.id,
      code: row.code,
      description: row.description,
      takes:
        row.kind === 'percent'
          ? `${row.percent} % off`
          : row.kind === 'amount'
            ? `${Object.entries(row.amounts)
                .map(([currency, amount]) => formatMoney(amount, currency))
                .join(' / ')} off`
            : 'Free shipping',
      regions: row.regionIds.length
        ? row.regionIds.map((region) => REGION_LABELS[region] ?? region).join(', ')
        : 'All regions',
      when: `${row.startsAt ? formatStoreTime(row.startsAt, zone) : 'any time'} – ${row.endsAt ? formatStoreTime(row.endsAt, zone) : 'no end'}`,
      status: !row.active
        ? 'Deactivated'
        : row.endsAt && row.endsAt.getTime() <= now
          ? 'Ended'
          : row.startsAt && row.startsAt.getTime() > now
            ? 'Scheduled'
            : row.usageLimit !== null && row.uses >= row.usageLimit
              ? 'Used up'
              : 'Active',
      active: row.active,
      uses: row.usageLimit === null ? String(row.uses) : `${row.uses} of ${row.usageLimit}`,
      revenue: row.revenue.map((sum) => formatMoney(sum.total, sum.currency)).join(', ') || '—',
      saved: row.saved.map((sum) => formatMoney(sum.total, sum.currency)).join(', ') || '—',
    })),
  };
}

const toggleForm = z.object({
  intent: z.enum(['deactivate', 'activate']),
  id: z.coerce.number().int().positive(),
});

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const parsed = await parseStaffForm(args.request, csrfToken, toggleForm);
  if (!parsed.ok) return parsed.answer;
  const { intent, id } = parsed.data;
  const done = await attemptStaff(services, () =>
    services.commerce.discountCodes.setActive(actor, id, intent === 'activate'),
  );
  if (!done.ok) return done.answer;
  return {
    ok: true as const,
    message: `${done.value.code} ${intent === 'activate' ? 'activated' : 'deactivated'}.`,
  };
}

export default function DiscountCodesPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { codes, canWrite, zone } = loaderData;
  return (
    <section aria-labelledby="codes-title">
      <h1 id="codes-title">Discount codes</h1>
      <p className="admin-muted">
        Codes shoppers type in the cart. Times are the store’s ({zone}). Revenue is the total of the orders
        that used the code; “given” is what the code took off them.
      </p>
      {canWrite ? (
        <p>
          <Link to="/admin/discount-codes/new" className="admin-button">
            New code
          </Link>
        </p>
      ) : null}
      <FormMessage answer={answer} />
      <TableScroll label="Discount codes">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Takes off</th>
              <th scope="col">Regions</th>
              <th scope="col">Valid ({zone})</th>
              <th scope="col">Status</th>
              <th scope="col">Uses</th>
              <th scope="col">Revenue</th>
              <th scope="col">Given</th>
              {canWrite ? <th scope="col">Change</th> : null}
            </tr>
          </thead>
          <tbody>
            {codes.length === 0 ? (
              <tr>
                <td colSpan={canWrite ? 9 : 8}>No codes yet.</td>
              </tr>
            ) : (
              codes.map((code) => (
                <tr key={code.id}>
                  <td>
                    {canWrite ? <Link to={`/admin/discount-codes/${code.id}`}>{code.code}</Link> : code.code}
                    {code.description ? <div className="admin-muted">{code.description}</div> : null}
                  </td>
                  <td>{code.takes}</td>
                  <td>{code.regions}</td>
                  <td>{code.when}</td>
                  <td>{code.status}</td>
                  <td>{code.uses}</td>
                  <td>{code.revenue}</td>
                  <td>{code.saved}</td>
                  {canWrite ? (
                    <td>
                      <Form method="post" className="admin-inline-form">
                        <CsrfField />
                        <input type="hidden" name="id" value={code.id} />
                        <input type="hidden" name="intent" value={code.active ? 'deactivate' : 'activate'} />
                        <button
                          type="submit"
                          className="admin-button admin-button--small admin-button--quiet"
                          aria-label={`${code.active ? 'Deactivate' : 'Activate'} ${code.code}`}
                        >
                          {code.active ? 'Deactivate' : 'Activate'}
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

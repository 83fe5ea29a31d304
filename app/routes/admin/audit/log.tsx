import { Form, Link } from 'react-router';
import { z } from 'zod';
import { describeAudit } from '#core/audit-sentence.ts';
import { endOfStoreDay, formatStoreTime, startOfStoreDay, storeDay } from '#core/store-time.ts';
import { FilterErrors, KeysetPager } from '../../../components/backoffice/list-parts.tsx';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import auditStyles from '../../../styles/admin-audit.css?url';
import type { Route } from './+types/log';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: auditStyles }];

export function meta() {
  return [{ title: 'Audit log | Ridgeline back office' }];
}

/** The kinds of record the log names, as the entity filter offers them. */
const ENTITIES = {
  order: 'Orders',
  customer: 'Customers',
  product: 'Products',
  variant: 'Stock of a variant',
  stock: 'Stock changes in a batch',
  catalogue: 'CSV imports',
  'customer-group': 'Customer groups',
  'shipping-method': 'Shipping methods',
  'shipping-zone': 'Shipping zones',
  'shipping-region': 'Free shipping of a region',
  content_entry: 'Content entries',
  content_asset: 'Content assets',
  staff: 'Staff',
} as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const filterSchema = z.object({
  staff: z.coerce.number().int().positive().optional().catch(undefined),
  entity: z
    .string()
    .regex(/^[a-z_-]{1,40}$/)
    .optional()
    .catch(undefined),
  entityId: z.string().max(60).optional().catch(undefined),
  from: day,
  to: day,
  before: z.coerce.number().int().positive().optional().catch(undefined),
});

export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'audit:read');
  const zone = services.config.STORE_TIME_ZONE;
  const params = Object.fromEntries(new URL(args.request.url).searchParams);
  const filter = filterSchema.parse(params);
  const errors =
    filter.from && filter.to && filter.to < filter.from
      ? ['The “to” day comes before the “from” day: no change can match.']
      : [];
  // The days are the store's: "from 3 March" starts at midnight in STORE_TIME_ZONE, "to" ends at the next one.
  const [page, members] = await Promise.all([
    services.backoffice.audit.list({
      staffId: filter.staff,
      entity: filter.entity,
      entityId: filter.entityId || undefined,
      from: filter.from ? startOfStoreDay(filter.from, zone) : undefined,
      to: filter.to ? endOfStoreDay(filter.to, zone) : undefined,
      before: filter.before,
    }),
    services.backoffice.staff.list(),
  ]);
  const names = await services.backoffice.audit.names(page.entries);
  const query = (before: number | undefined) =>
    new URLSearchParams(
      Object.entries({ ...filter, before })
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([key, value]) => [key, String(value)]),
    );
  // Today's changes keep the other filters: "what did Ada change today", "what happened to order 106 today".
  const today = query(undefined);
  today.set('from', storeDay(new Date(), zone));
  today.set('to', today.get('from')!);
  return {
    filter,
    errors,
    zone,
    today: `?${today}`,
    members: members.map(({ id, name, email }) => ({ id, name, email })),
    entries: page.entries.map((entry) => {
      const described = describeAudit(
        {
          action: entry.action,
          entity: entry.entity,
          entityId: entry.entityId,
          before: entry.before,
          after: entry.after,
          actorName: entry.staffName,
          actorEmail: entry.staffEmail,
          actorStaffId: entry.staffId,
        },
        names,
        zone,
      );
      return {
        id: entry.id,
        ...described,
        who: entry.staffName ?? entry.staffEmail,
        email: entry.staffEmail,
        at: entry.createdAt.toISOString(),
        when: formatStoreTime(entry.createdAt, zone),
        action: entry.action,
      };
    }),
    first: filter.before ? `?${query(undefined)}` : null,
    next: page.next ? `?${query(page.next)}` : null,
  };
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { filter, errors, zone, today, members, entries, first, next } = loaderData;
  return (
    <section className="admin-audit">
      <h1>Audit log</h1>
      <p className="admin-muted">Every change made in the back office, newest first. Times are in {zone}.</p>
      <Form method="get" className="admin-filters">
        <div>
          <label htmlFor="staff">Staff member</label>
          <select id="staff" name="staff" defaultValue={filter.staff ?? ''}>
            <option value="">Anyone</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="entity">Record</label>
          <select id="entity" name="entity" defaultValue={filter.entity ?? ''}>
            <option value="">Any record</option>
            {Object.entries(ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="entityId">Record id</label>
          <input id="entityId" name="entityId" defaultValue={filter.entityId ?? ''} size={10} />
        </div>
        <div>
          <label htmlFor="from">From</label>
          <input id="from" name="from" type="date" defaultValue={filter.from ?? ''} />
        </div>
        <div>
          <label htmlFor="to">To</label>
          <input id="to" name="to" type="date" defaultValue={filter.to ?? ''} />
        </div>
        <button type="submit" className="admin-button">
          Filter
        </button>
        <Link to={today}>Today’s changes</Link>
      </Form>
      <FilterErrors errors={errors} />
      {entries.length === 0 ? (
        <p>No changes match.</p>
      ) : (
        <ol className="admin-audit-list" aria-label="Changes, newest first">
          {entries.map((entry) => (
            <li key={entry.id} className="admin-audit-entry">
              <p className="admin-audit-sentence">{entry.sentence}</p>
              <p className="admin-audit-meta admin-muted">
                <time dateTime={entry.at}>{entry.when}</time> · <span title={entry.email}>{entry.who}</span>
                {entry.link ? (
                  <>
                    {' · '}
                    <Link to={entry.link.href}>{entry.link.label}</Link>
                  </>
                ) : null}
              </p>
              {entry.changes.length ? (
                <details className="admin-audit-changes">
                  <summary>
                    {entry.changes.length === 1 ? '1 field' : `${entry.changes.length} fields`} changed
                    <span className="visually-hidden"> ({entry.action})</span>
                  </summary>
                  <table className="admin-table">
                    <caption className="visually-hidden">Fields before and after the change</caption>
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Before</th>
                        <th scope="col">After</th>
                      </tr>
                    </thead>
                    <tbody>
                      {entry.changes.map((change) => (
                        <tr key={change.field}>
                          <th scope="row">{change.field}</th>
                          <td>{change.before}</td>
                          <td>{change.after}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <KeysetPager
        label="Pages of the audit log"
        first={first}
        firstLabel="Newest changes"
        next={next}
        nextLabel="Older changes"
      />
    </section>
  );
}

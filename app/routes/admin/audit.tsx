import { Form } from 'react-router';
import { z } from 'zod';
import { KeysetPager } from '../../components/admin/list-parts.tsx';
import { requireStaff } from '../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/audit';

export function meta() {
  return [{ title: 'Audit log | Ridgeline back office' }];
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const filterSchema = z.object({
  staff: z.coerce.number().int().positive().optional().catch(undefined),
  entity: z
    .string()
    .regex(/^[a-z-]{1,40}$/)
    .optional()
    .catch(undefined),
  entityId: z.string().max(60).optional().catch(undefined),
  from: day,
  to: day,
  before: z.coerce.number().int().positive().optional().catch(undefined),
});

export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'audit:read');
  const params = Object.fromEntries(new URL(args.request.url).searchParams);
  const filter = filterSchema.parse(params);
  const to = filter.to ? new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000) : undefined;
  const [page, members] = await Promise.all([
    services.backoffice.audit.list({
      staffId: filter.staff,
      entity: filter.entity,
      entityId: filter.entityId || undefined,
      from: filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined,
      to,
      before: filter.before,
    }),
    services.backoffice.staff.list(),
  ]);
  const nextParams = new URLSearchParams(
    Object.entries({ ...filter, before: page.next ?? undefined })
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  return {
    filter,
    members: members.map(({ id, name, email }) => ({ id, name, email })),
    entries: page.entries.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      before: entry.before === null ? null : JSON.stringify(entry.before, null, 1),
      after: entry.after === null ? null : JSON.stringify(entry.after, null, 1),
    })),
    next: page.next ? `?${nextParams}` : null,
  };
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { filter, members, entries, next } = loaderData;
  return (
    <section>
      <h1>Audit log</h1>
      <Form method="get" className="admin-filters">
        <div>
          <label htmlFor="staff">Staff member</label>
          <select id="staff" name="staff" defaultValue={filter.staff ?? ''}>
            <option value="">Anyone</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} ({member.email})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="entity">Entity</label>
          <input
            id="entity"
            name="entity"
            defaultValue={filter.entity ?? ''}
            placeholder="order, customer, staff…"
          />
        </div>
        <div>
          <label htmlFor="entityId">Id</label>
          <input id="entityId" name="entityId" defaultValue={filter.entityId ?? ''} />
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
      </Form>
      {entries.length === 0 ? (
        <p>No changes match.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--audit">
            <caption className="visually-hidden">Changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.createdAt.replace('T', ' ').slice(0, 19)}</td>
                  <td>{entry.staffName ?? entry.staffEmail}</td>
                  <td>
                    {entry.action} <strong>{entry.entity}</strong> {entry.entityId}
                  </td>
                  <td>{entry.before ? <pre>{entry.before}</pre> : '—'}</td>
                  <td>{entry.after ? <pre>{entry.after}</pre> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager label="Pages of the audit log" first={null} next={next} nextLabel="Older changes" />
    </section>
  );
}

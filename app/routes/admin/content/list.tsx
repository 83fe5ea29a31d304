import { Link } from 'react-router';
import { MASTER_LOCALE } from '../../../components/backoffice/content/labels.ts';
import { countEntries } from '../../../lib/backoffice/content/entry-counts.server.ts';
import { contentManagementOf } from '../../../lib/backoffice/content/management.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/list';

export function meta() {
  return [{ title: 'Content | Ridgeline back office' }];
}

/** The content types an editor can pick (issue 21): title, what it holds and how many entries it has. */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'content:read');
  const management = contentManagementOf(services);
  const types = await Promise.all(
    management.contentTypes().map(async (type) => ({
      uid: type.uid,
      title: type.title,
      description: type.description,
      singleton: type.options.singleton,
      ...(await countEntries(management, type.uid, MASTER_LOCALE)),
    })),
  );
  return { types: types.sort((a, b) => a.title.localeCompare(b.title)) };
}

export default function ContentTypesPage({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">Content</h1>
      <p className="admin-muted">
        Pick a content type to find an entry. Saving keeps a draft; the store shows what you publish.
      </p>
      <nav aria-label="Content tools">
        <ul className="admin-inline-links">
          <li>
            <Link to="/admin/content/assets">Asset library</Link>
          </li>
          <li>
            <Link to="/admin/content/translations">Missing translations</Link>
          </li>
          <li>
            <Link to="/admin/content/preview">Preview a page</Link>
          </li>
        </ul>
      </nav>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Content types</caption>
          <thead>
            <tr>
              <th scope="col">Content type</th>
              <th scope="col">What it holds</th>
              <th scope="col" className="num">
                Entries
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.types.map((type) => (
              <tr key={type.uid}>
                <th scope="row">
                  <Link to={`/admin/content/${type.uid}`}>{type.title}</Link>
                  {type.singleton ? <span className="admin-badge">Single entry</span> : null}
                </th>
                <td>{type.description}</td>
                <td className="num">
                  {type.count}
                  {type.more ? '+' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

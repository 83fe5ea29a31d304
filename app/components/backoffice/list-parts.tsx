import { Link } from 'react-router';

/** Why a list's filter could not be used (one line per refused field), announced as an alert. */
export function FilterErrors({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="admin-notice admin-notice--error" role="alert">
      <p>The filter could not be used:</p>
      <ul>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The pager of a keyset-paginated list: back to its start and on to the next page (each link only when there is
 * one). The labels say which way the list runs ("Newest orders", "Older changes").
 */
export function KeysetPager({
  label,
  first,
  next,
  firstLabel = 'First page',
  nextLabel = 'Next page',
}: {
  label: string;
  first: string | null | undefined;
  next: string | null | undefined;
  firstLabel?: string;
  nextLabel?: string;
}) {
  if (!first && !next) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      {first ? <Link to={first}>{firstLabel}</Link> : null}{' '}
      {next ? (
        <Link to={next} rel="next">
          {nextLabel}
        </Link>
      ) : null}
    </nav>
  );
}

import { Link } from 'react-router';
import { useText } from '../../lib/locale/use-text.ts';

/** Paging links (work without JavaScript): previous, numbered pages, next. */
export function Pager({
  page,
  totalPages,
  base,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  base: string;
  /** Builds a page's link when the list has more state than the page number. */
  hrefFor?: (page: number) => string;
}) {
  const t = useText();
  if (totalPages <= 1) return null;
  const href = (n: number) => (hrefFor ? hrefFor(n) : n > 1 ? `${base}?page=${n}` : base);
  const pages = Array.from({ length: totalPages }, (_, index) => index + 1).filter(
    (n) => n === 1 || n === totalPages || Math.abs(n - page) <= 2,
  );
  return (
    <nav className="pager" aria-label={t('pagination')}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="pager__step">
          {t('previous page')}
        </Link>
      ) : null}
      <ol>
        {pages.map((n, index) => (
          <li key={n}>
            {index > 0 && n - (pages[index - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
            {n === page ? (
              <span aria-current="page" className="pager__current">
                {n}
              </span>
            ) : (
              <Link to={href(n)} aria-label={t('page number', { page: n })}>
                {n}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next" className="pager__step">
          {t('next page')}
        </Link>
      ) : null}
    </nav>
  );
}

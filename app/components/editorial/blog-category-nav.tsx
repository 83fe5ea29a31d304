import { Link } from 'react-router';
import type { CategoryView } from '../../lib/editorial/content.server.ts';
import { useText } from '../../lib/locale/use-text.ts';

export function BlogCategoryNav({
  categories,
  allHref,
  current,
}: {
  categories: readonly CategoryView[];
  allHref: string;
  current: string | null;
}) {
  const t = useText();
  return (
    <nav className="chip-nav" aria-label={t('blog categories')}>
      <ul>
        <li>
          <Link to={allHref} aria-current={current === null ? 'page' : undefined} className="chip">
            {t('all posts')}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.uid}>
            <Link
              to={category.href}
              aria-current={current === category.uid ? 'page' : undefined}
              className="chip"
            >
              {category.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

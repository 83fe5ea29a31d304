import { useText } from '../lib/locale/use-text.ts';

export function SkipLink() {
  const t = useText();
  return (
    <a className="skip-link" href="#main">
      {t('skip to content')}
    </a>
  );
}

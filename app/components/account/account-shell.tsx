import type { ReactNode } from 'react';
import { Form, NavLink } from 'react-router';
import { useText } from '../../lib/locale/use-text.ts';

/** The signed-in account pages' frame: heading, section navigation and the sign-out button. */
export function AccountShell({
  segment,
  title,
  children,
  isPro = false,
}: {
  segment: string;
  title: string;
  children: ReactNode;
  isPro?: boolean;
}) {
  const t = useText();
  const base = `/${segment}/account`;
  const items = [
    { to: base, label: t('my account'), end: true },
    { to: `${base}/orders`, label: t('my orders') },
    { to: `${base}/wishlist`, label: t('my wishlist') },
    { to: `${base}/addresses`, label: t('my addresses') },
    { to: `${base}/profile`, label: t('my profile') },
    ...(isPro ? [{ to: `/${segment}/pro`, label: t('pro program') }] : []),
  ];
  return (
    <div className="container account-page">
      <nav className="account-nav" aria-label={t('my account')}>
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Form method="post" action={`/${segment}/account/logout`} reloadDocument>
          <button type="submit" className="link-button">
            {t('sign out')}
          </button>
        </Form>
      </nav>
      <div className="account-main">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

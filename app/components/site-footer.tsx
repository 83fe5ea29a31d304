import { Link, useRouteLoaderData } from 'react-router';
import { useText } from '../lib/locale/use-text.ts';
import type { RootData } from '../root.tsx';
import { NewsletterSignup } from './newsletter/newsletter-signup.tsx';
import { StaticMarkup } from './static-markup.tsx';

/**
 * Only the signup form is interactive. The rest is drawn by the server alone and kept as it sent it (decision
 * 0056): its code is left out of the browser's build (`import.meta.env.SSR` is false there), so a footer that
 * must be drawn again on the client (another locale: the key) is drawn by a document load.
 */
export function SiteFooter() {
  const root = useRouteLoaderData<RootData>('root');
  return (
    <footer key={root?.locale.segment} className="site-footer">
      <div className="container site-footer__grid">
        <StaticMarkup>{import.meta.env.SSR ? <FooterContact /> : undefined}</StaticMarkup>
        {root?.shell.newsletter ? (
          <NewsletterSignup
            view={root.shell.newsletter}
            localeSegment={root.locale.segment}
            siteKey={root.botSiteKey}
          />
        ) : null}
        <StaticMarkup>{import.meta.env.SSR ? <FooterSocial /> : undefined}</StaticMarkup>
      </div>
      <StaticMarkup>{import.meta.env.SSR ? <FooterLegal /> : undefined}</StaticMarkup>
    </footer>
  );
}

const useFooter = () => {
  const root = useRouteLoaderData<RootData>('root');
  const footer = root?.shell.footer;
  return { root, footer, name: footer?.displayName ?? 'Ridgeline Snowshoe Co.', t: useText() };
};

function FooterContact() {
  const { footer, name, t } = useFooter();
  return (
    <>
      <section aria-labelledby="footer-brand">
        <h2 id="footer-brand" className="site-footer__heading">
          {name}
        </h2>
        <p>{t('brand tagline')}</p>
        {footer?.address.length ? (
          <address>
            {footer.address.map((line) => (
              <span key={line} className="site-footer__line">
                {line}
              </span>
            ))}
          </address>
        ) : null}
      </section>
      {footer && (footer.phone || footer.email || footer.hours.length) ? (
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('contact us')}
          </h2>
          {footer.phone ? (
            <p>
              <a href={`tel:${footer.phone.replace(/[^\d+]/g, '')}`}>{footer.phone}</a>
            </p>
          ) : null}
          {footer.email ? (
            <p>
              <a href={`mailto:${footer.email}`}>{footer.email}</a>
            </p>
          ) : null}
          {footer.hours.length ? (
            <>
              <h3 className="site-footer__subheading">{t('opening hours')}</h3>
              <dl className="site-footer__hours">
                {footer.hours.map((row) => (
                  <div key={row.days}>
                    <dt>{row.days}</dt>
                    <dd>{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

function FooterSocial() {
  const { footer, t } = useFooter();
  return footer?.social.length ? (
    <section aria-labelledby="footer-social">
      <h2 id="footer-social" className="site-footer__heading">
        {t('follow us')}
      </h2>
      <ul className="site-footer__social">
        {footer.social.map((link) => (
          <li key={link.url}>
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              {link.network}
            </a>
          </li>
        ))}
      </ul>
    </section>
  ) : null;
}

function FooterLegal() {
  const { root, name, t } = useFooter();
  return (
    <div className="container site-footer__legal">
      <p>{`© ${new Date().getFullYear()} ${name.replace(/\.$/, '')}. ${t('all rights reserved')}`}</p>
      {root ? <Link to={`/${root.locale.segment}/consent`}>{t('cookie settings')}</Link> : null}
    </div>
  );
}

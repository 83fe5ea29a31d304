import { Link } from 'react-router';
import { RichText } from '../components/editorial/rich-text.tsx';
import { loadPageByUid } from '../lib/editorial/pages.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { optional } from '../lib/router/optional.server.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import accountStyles from '../styles/account.css?url';
import type { Route } from './+types/pro';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const handle = { name: 'pro' } satisfies RouteHandle;

/**
 * The pro area (§2 /pro, §3 pro status, §6): the pro content page (entry uid 'pro') for everyone; for a signed-in
 * pro customer, spend this period against the limit (default 3000), the expiry date and the employee flag.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const customer = ctx.session?.customer ?? null;
  const content = await optional(
    ctx.services,
    'Pro page content',
    loadPageByUid(ctx.services, ctx.locale, 'pro'),
    null,
  );
  const status = customer?.isPro
    ? await ctx.services.commerce.groups.proSummary(customer.id, ctx.locale.commerceRegion)
    : null;
  return {
    segment: ctx.locale.segment,
    signedIn: Boolean(customer),
    isPro: Boolean(customer?.isPro),
    status,
    content: content ? { heading: content.heading, html: content.html } : null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [{ title: `${t('pro program', 'Pro program')} | Ridgeline Snowshoe Co.` }];
}

export default function Pro({ loaderData }: Route.ComponentProps) {
  const t = useText();
  const { status, content, segment } = loaderData;
  return (
    <div className="container pro-page">
      <h1>{content?.heading || t('pro program')}</h1>
      {status ? (
        <section className="pro-status" aria-labelledby="pro-status-heading">
          <h2 id="pro-status-heading">{t('pro status')}</h2>
          <dl className="pro-status__facts">
            <div>
              <dt>{t('pro spend')}</dt>
              <dd data-pro-spend>{status.spend}</dd>
            </div>
            <div>
              <dt>{t('pro spend limit')}</dt>
              <dd data-pro-limit>{status.limit}</dd>
            </div>
            <div>
              <dt>{t('pro remaining')}</dt>
              <dd>{status.remaining}</dd>
            </div>
            <div>
              <dt>{t('pro valid until')}</dt>
              <dd>{status.expires ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('pro employee')}</dt>
              <dd>{status.employee ? t('yes') : t('no')}</dd>
            </div>
          </dl>
          <progress max={100} value={Math.round(status.progress * 100)} aria-label={t('pro spend')} />
        </section>
      ) : (
        <section className="pro-cta">
          <p>{t('pro intro')}</p>
          {loaderData.signedIn ? null : (
            <Link
              to={`/${segment}/account/login?returnTo=${encodeURIComponent(`/${segment}/pro`)}`}
              className="button"
            >
              {t('sign in')}
            </Link>
          )}
        </section>
      )}
      {content?.html ? <RichText html={content.html} className="ed-prose" /> : null}
    </div>
  );
}

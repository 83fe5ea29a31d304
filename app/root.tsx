import { type ReactNode, Suspense } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { CONSENT_COOKIE, consentRequiredFor, parseConsent } from '#core/consent.ts';
import { readCookie } from '#core/cookies.ts';
import { splitLocalePrefix } from '#core/locale-prefix.ts';
import type { Route } from './+types/root';
import { Analytics } from './components/analytics.tsx';
import { BuildWatcher } from './components/platform/build-watcher.tsx';
import { ResponsiveProvider } from './components/platform/responsive-provider.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { SkipLink } from './components/skip-link.tsx';
import { useStaticLinks } from './components/static-markup.tsx';
import { displayTextHref } from './lib/locale/display-text.ts';
import { htmlLangFor } from './lib/locale/url-locale.ts';
import { consentBannerPart, errorPagePart } from './lib/router/deferred-parts.tsx';
import { storefrontContext } from './lib/router/storefront-context.server.ts';
import { seoLinks } from './lib/seo/seo.ts';
import { layoutOf } from './lib/shell/layout.ts';
import { loadShell } from './lib/shell/shell.server.ts';
import { useDropInlinedStylesheets } from './lib/styles/inlined-stylesheets.ts';
import stylesHref from './styles/app.css?url';

// The consent banner (asked once per visitor) and the error page are not needed by most first paints, so not in
// every page's JavaScript (issue 10 budget): see deferred-parts.tsx.
const ConsentBanner = consentBannerPart.Component;
const ErrorPage = errorPagePart.Component;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The back office (/admin) has its own document: no storefront shell, data, analytics or consent. */
export const isBackOffice = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export async function loader({ request, context }: Route.LoaderArgs) {
  if (isBackOffice(new URL(request.url).pathname)) return null;
  const { services, session, locale } = await storefrontContext(request, context);
  const { config, build } = services;
  const customer = session?.customer ?? null;
  const cookieHeader = request.headers.get('cookie');
  return {
    locale,
    customer: customer ? { firstName: customer.firstName, isPro: customer.isPro } : null,
    shell: await loadShell(services, locale, customer?.id ?? null),
    origin: services.origin,
    gtmId: config.GTM_ID ?? null,
    botSiteKey: config.RECAPTCHA_SITE_KEY ?? null,
    // The image CDN (MEDIA_BASE_URL), named in the head: the browser builds its image URLs at the same base.
    mediaBaseUrl: config.MEDIA_BASE_URL ?? null,
    buildId: build.id,
    consent: parseConsent(readCookie(cookieHeader, CONSENT_COOKIE)),
    consentRequired: consentRequiredFor(locale.country),
  };
}

export type RootData = NonNullable<Awaited<ReturnType<typeof loader>>>;

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<RootData>('root');
  const error = useRouteError();
  const flush = layoutOf(useMatches()) === 'flush-banner';
  useDropInlinedStylesheets(pathname);
  useStaticLinks();
  if (isBackOffice(pathname))
    return (
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <Meta />
          <Links />
        </head>
        <body className="admin-body">
          {children}
          <ScrollRestoration />
          <Scripts />
        </body>
      </html>
    );
  const head =
    root && !error
      ? seoLinks(root.origin, root.locale, splitLocalePrefix(pathname).rest || '/').map((link) => (
          <link
            key={`${link.rel}-${link.hrefLang ?? ''}`}
            rel={link.rel}
            href={link.href}
            hrefLang={link.hrefLang}
          />
        ))
      : null;
  return (
    <html lang={htmlLangFor(pathname)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14202b" />
        {error ? <meta name="robots" content="noindex" /> : null}
        {root ? (
          // The UI strings, fetched before hydration (entry.client.tsx), as early as the head allows.
          <link
            rel="preload"
            as="fetch"
            href={displayTextHref(root.shell.text)}
            crossOrigin="anonymous"
            data-display-text={root.shell.text.version}
            data-display-text-locale={root.shell.text.locale}
          />
        ) : null}
        {root?.mediaBaseUrl ? (
          <>
            <meta name="media-base-url" content={root.mediaBaseUrl} />
            <link rel="preconnect" href={new URL(root.mediaBaseUrl).origin} />
          </>
        ) : null}
        <Meta />
        {head}
        <Links />
      </head>
      <body>
        {/* First in the tree, so its effects run before any page's: the consent state leads the data layer on
            every load, ahead of a grid's view_item_list (issue 18 #6). */}
        {root ? <Analytics /> : null}
        <SkipLink />
        <ResponsiveProvider>
          {/* The header, the page and the footer are each a Suspense boundary so that React hydrates them after
              the shell, in slices it yields between, not in one long task (decision 0026); nothing in them
              suspends, so the server sends them whole and in place. */}
          <Suspense fallback={null}>
            <SiteHeader />
          </Suspense>
          <main id="main" className={flush ? 'main main--flush' : 'main'}>
            <Suspense fallback={null}>
              <div key={pathname} className="page">
                {children}
              </div>
            </Suspense>
          </main>
          <Suspense fallback={null}>
            <SiteFooter />
          </Suspense>
          {/* Only where it asks: a boundary rendered empty would still wait for its chunk (deferred-parts.tsx). */}
          {root?.consentRequired && !root.consent && !pathname.endsWith('/consent') ? (
            <ConsentBanner />
          ) : null}
        </ResponsiveProvider>
        {root ? <BuildWatcher buildId={root.buildId} /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

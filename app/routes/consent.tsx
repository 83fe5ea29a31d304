import { data, redirect } from 'react-router';
import { z } from 'zod';
import {
  CONSENT_COOKIE,
  type Consent,
  effectiveConsent,
  formatConsent,
  parseConsent,
} from '#core/consent.ts';
import { readCookie } from '#core/cookies.ts';
import { localizedPath } from '#core/locale-prefix.ts';
import { ConsentChoices } from '../components/consent-choices.tsx';
import { localeFreeReturnPath } from '../lib/forms/return-path.ts';
import { parseUrlLocale } from '../lib/locale/url-locale.ts';
import { useText } from '../lib/locale/use-text.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import consentStyles from '../styles/consent.css?url';
import type { Route } from './+types/consent';

const choiceSchema = z.object({
  choice: z.enum(['all', 'necessary'], { error: 'Choose “Accept all” or “Only necessary”.' }),
  returnTo: z.string().optional(),
});

export function loader({ request, params }: Route.LoaderArgs) {
  const stored = parseConsent(readCookie(request.headers.get('cookie'), CONSENT_COOKIE));
  const locale = parseUrlLocale(params.lang)!;
  const saved = new URL(request.url).searchParams.has('saved');
  return { stored, effective: effectiveConsent(locale.country, stored), saved };
}

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = choiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]!.message, consent: null }, { status: 400 });
  const value = parsed.data.choice === 'all' ? 'granted' : 'denied';
  const consent: Consent = { analytics: value, marketing: value };
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  const cookie = `${CONSENT_COOKIE}=${encodeURIComponent(formatConsent(consent))}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax${secure}`;
  const headers = { 'Set-Cookie': cookie };
  if (parsed.data.returnTo === undefined) return data({ error: null, consent }, { headers });
  const locale = parseUrlLocale(params.lang)!;
  return redirect(localizedPath(locale, localeFreeReturnPath(parsed.data.returnTo)), {
    status: 303,
    headers,
  });
}

export const handle = { name: 'consent' };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: consentStyles }];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${rootText(matches)('cookie settings', 'Cookie settings')} | Ridgeline` }];
}

export default function ConsentSettings({ loaderData, actionData, params }: Route.ComponentProps) {
  const shown = loaderData.effective;
  const t = useText();
  const describe = (value: 'granted' | 'denied') => (value === 'granted' ? t('allowed') : t('not allowed'));
  return (
    <div className="container prose-page">
      <h1>{t('cookie settings')}</h1>
      <p>{t('cookie settings intro')}</p>
      <dl className="consent-state">
        <dt>{t('cookies necessary')}</dt>
        <dd>{t('always on')}</dd>
        <dt>{t('cookies analytics')}</dt>
        <dd>{describe(shown.analytics)}</dd>
        <dt>{t('cookies marketing')}</dt>
        <dd>{describe(shown.marketing)}</dd>
      </dl>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {loaderData.saved ? (
        <p role="status" className="form-success">
          {t('choice saved')}
        </p>
      ) : null}
      <ConsentChoices localeSegment={params.lang} returnTo={`/${params.lang}/consent?saved=1`} />
    </div>
  );
}

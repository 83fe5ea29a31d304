import { data, Form, redirect, useMatches, useNavigation } from 'react-router';
import { z } from 'zod';
import { CONTINENTS, COUNTRIES } from '#core/countries.ts';
import { countryName } from '#core/country-name.ts';
import { countryOffersLanguage, formatLocale } from '#core/locale.ts';
import { localizedPath } from '#core/locale-prefix.ts';
import { JsonLd } from '../components/json-ld.tsx';
import { localeFreeReturnPath } from '../lib/forms/return-path.ts';
import { localeCookieLines } from '../lib/locale/locale-cookies.server.ts';
import { useText } from '../lib/locale/use-text.ts';
import { pageMeta, rootFacts, rootText } from '../lib/seo/page-meta.ts';
import { breadcrumbList } from '../lib/seo/structured-data.ts';
import countryStyles from '../styles/country.css?url';
import type { Route } from './+types/country';

const choiceSchema = z
  .object({
    country: z
      .string()
      .refine((iso) => COUNTRIES.some((c) => c.iso === iso), { error: 'Choose a country from the list.' }),
    language: z.string(),
    returnTo: z.string().optional(),
  })
  .refine((choice) => countryOffersLanguage(choice.country, choice.language), {
    error: 'That language is not offered in that country.',
    path: ['language'],
  });

export function loader({ request }: Route.LoaderArgs) {
  const returnTo = localeFreeReturnPath(new URL(request.url).searchParams.get('returnTo'));
  return { returnTo };
}

// Choosing sets the locale cookies and opens the same page in the new locale (§2, §9).
export async function action({ request }: Route.ActionArgs) {
  const parsed = choiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const locale = { country: parsed.data.country, language: parsed.data.language };
  const target = localizedPath(locale, localeFreeReturnPath(parsed.data.returnTo));
  const headers = new Headers();
  for (const line of localeCookieLines(locale, request)) headers.append('Set-Cookie', line);
  return redirect(target, { status: 303, headers });
}

export const handle = { name: 'country' };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: countryStyles }];

export function meta({ matches, location }: Route.MetaArgs) {
  const { origin, hreflang } = rootFacts(matches);
  return pageMeta({
    title: `${rootText(matches)('country page heading', 'Choose your country and language')} | Ridgeline`,
    description: 'Shop Ridgeline Snowshoe Co. in your country, currency and language.',
    url: `${origin}${location.pathname}`,
    locale: hreflang,
  });
}

export default function CountryChooser({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  const current = params.lang;
  const pageLanguage = current?.split('-')[0] ?? 'en';
  const t = useText();
  const { origin } = rootFacts(useMatches());
  const homePath = current === 'en-us' ? '/' : `/${current}`;
  return (
    <div className="container country-page">
      <JsonLd
        data={breadcrumbList([
          { name: 'Home', url: `${origin}${homePath}` },
          { name: 'Country and language', url: `${origin}/${current}/country` },
        ])}
      />
      <h1>{t('country page heading')}</h1>
      <p className="country-page__lede">{t('country page lede')}</p>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <div className="country-page__continents">
        {CONTINENTS.map((continent) => {
          const countries = COUNTRIES.filter((country) => country.continent === continent.id);
          return (
            <section key={continent.id} aria-labelledby={`continent-${continent.id}`}>
              <h2 id={`continent-${continent.id}`}>{continent.text}</h2>
              <ul className="country-list">
                {countries.map((country) => {
                  // The page's language names the country (Intl.DisplayNames), as the header does.
                  const name = countryName(country.iso, pageLanguage, country.text);
                  return (
                    <li key={country.iso} className="country-list__item">
                      <span className="country-list__name">{name}</span>
                      <span className="country-list__langs">
                        {country.langs.map((lang) => {
                          const locale = formatLocale({ language: lang.value, country: country.iso });
                          const isCurrent = locale === current;
                          return (
                            <Form method="post" key={lang.value} className="country-list__form">
                              <input type="hidden" name="country" value={country.iso} />
                              <input type="hidden" name="language" value={lang.value} />
                              <input type="hidden" name="returnTo" value={loaderData.returnTo} />
                              <button
                                type="submit"
                                className="language-choice"
                                aria-current={isCurrent ? 'true' : undefined}
                                aria-label={`${name}, ${lang.text}`}
                                lang={lang.value}
                                disabled={navigation.state !== 'idle'}
                              >
                                {lang.text}
                              </button>
                            </Form>
                          );
                        })}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}

import { data, Form, Link } from 'react-router';
import { DISPLAY_TEXT_DEFAULTS } from '#core/display-text-defaults.ts';
import { contentLocaleOf, parseLocale } from '#core/locale.ts';
import { DISPLAY_TEXT_TYPE, type ListedEntry, missingTranslations } from '#core/missing-translations.ts';
import type { ContentManagement } from '#server/content/management/contract.ts';
import { contentManagementOf } from '../../../lib/backoffice/content/management.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import type { Route } from './+types/translations';

/**
 * Missing translations of one locale (issue 21): first every display text key a page uses that has no copy in
 * the locale (pages show English there), then the other entries without their own copy; each links to its
 * editor page in that locale.
 */

export function meta() {
  return [{ title: 'Missing translations | Ridgeline back office' }];
}

const MASTER = 'en-us';
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const localeLabel = (locale: string) => `${languageNames.of(locale) ?? locale} (${locale})`;

/** A content locale (`de`) or a storefront locale (`de-de`, read as its content locale). */
function contentLocaleFrom(value: string | null, locales: readonly string[]): string | null {
  if (value === null) return null;
  const wanted = value.trim().toLowerCase();
  if (locales.includes(wanted)) return wanted;
  const url = parseLocale(wanted);
  const content = url ? contentLocaleOf(url) : null;
  return content && locales.includes(content) ? content : null;
}

/** Every entry of a type as listed in a locale, page after page. */
async function listAll(management: ContentManagement, contentType: string, locale: string) {
  const items: ListedEntry[] = [];
  let after: string | undefined;
  do {
    const page = await management.listEntries({
      contentType,
      locale,
      limit: 100,
      ...(after ? { after } : {}),
    });
    for (const item of page.items)
      items.push({ contentType: item.contentType, uid: item.uid, title: item.title, locale: item.locale });
    after = page.next ?? undefined;
  } while (after);
  return items;
}

export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'content:read');
  const management = contentManagementOf(services);
  const choices = management.locales().filter((locale) => locale !== MASTER);
  const asked = new URL(args.request.url).searchParams.get('locale');
  const locale = asked === null ? (choices[0] ?? null) : contentLocaleFrom(asked, choices);
  const options = choices.map((value) => ({ value, label: localeLabel(value) }));
  if (!locale)
    throw data(
      { message: `There is no locale “${asked}” to translate into. Choose one of: ${choices.join(', ')}.` },
      { status: 400 },
    );
  const types = management
    .contentTypes()
    .map((type) => ({ uid: type.uid, title: type.title }))
    .filter((type) => type.uid !== DISPLAY_TEXT_TYPE);
  const [displayText, ...entries] = await Promise.all([
    listAll(management, DISPLAY_TEXT_TYPE, locale),
    ...types.map(async (type) => ({
      contentType: type.uid,
      items: await listAll(management, type.uid, locale),
    })),
  ]);
  const missing = missingTranslations({
    locale,
    defaults: DISPLAY_TEXT_DEFAULTS,
    displayText: displayText as ListedEntry[],
    entries: entries as Array<{ contentType: string; items: ListedEntry[] }>,
  });
  const titles = Object.fromEntries(types.map((type) => [type.uid, type.title]));
  return { locale, label: localeLabel(locale), options, missing, titles };
}

const editorPath = (contentType: string, uid: string, locale: string) =>
  `/admin/content/${encodeURIComponent(contentType)}/${encodeURIComponent(uid)}/${encodeURIComponent(locale)}`;

export default function ContentTranslationsPage({ loaderData }: Route.ComponentProps) {
  const { locale, label, options, missing, titles } = loaderData;
  const entryCount = missing.entries.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <section aria-labelledby="translations-title">
      <h1 id="translations-title">Missing translations</h1>
      <Form method="get" className="admin-filters" aria-label="Choose a locale">
        <div>
          <label htmlFor="translations-locale">Locale</label>
          <select id="translations-locale" name="locale" defaultValue={locale}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button">
          Show
        </button>
      </Form>

      <h2>
        Display text: {missing.displayText.length} missing in {label}
      </h2>
      {missing.displayText.length === 0 ? (
        <p>Every display text a page uses has its own copy in {label}.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Display text keys without a copy in {label}</caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Shown meanwhile (English)</th>
                <th scope="col">Translate</th>
              </tr>
            </thead>
            <tbody>
              {missing.displayText.map((item) => (
                <tr key={item.key}>
                  <th scope="row">{item.key}</th>
                  <td>{item.fallback}</td>
                  <td>
                    {item.uid ? (
                      <Link to={editorPath(DISPLAY_TEXT_TYPE, item.uid, locale)}>
                        Translate <span className="visually-hidden">“{item.key}”</span>
                      </Link>
                    ) : (
                      <span className="admin-muted">
                        No entry yet: <Link to={`/admin/content/${DISPLAY_TEXT_TYPE}`}>create one</Link>{' '}
                        titled “{item.key}”
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>
        Other entries: {entryCount} without a copy in {label}
      </h2>
      {missing.entries.length === 0 ? <p>Every other entry has its own copy in {label}.</p> : null}
      {missing.entries.map((group) => (
        <section key={group.contentType} aria-labelledby={`missing-${group.contentType}`}>
          <h3 id={`missing-${group.contentType}`}>
            {titles[group.contentType] ?? group.contentType} ({group.items.length})
          </h3>
          <ul>
            {group.items.map((item) => (
              <li key={item.uid}>
                <Link to={editorPath(group.contentType, item.uid, locale)}>{item.title || item.uid}</Link>{' '}
                <span className="admin-muted">falls back to English</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

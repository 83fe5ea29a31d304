import { data, Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { loadTestStore } from '../lib/editorial/editorial.server.ts';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { notFound } from '../lib/error-content.server.ts';
import type { RouteHandle } from '../lib/layout.ts';
import { storefrontContext } from '../lib/storefront-context.server.ts';
import { useText } from '../lib/use-text.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/test-store';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'test-store' } satisfies RouteHandle;

const bookingSchema = z.object({
  event: z.string({ error: 'Choose a demo day.' }).min(1, { error: 'Choose a demo day.' }),
  name: z.string({ error: 'Enter your name.' }).trim().min(2, { error: 'Enter your name.' }).max(100),
  email: z.email({ error: 'Enter a valid email address.' }),
  party: z.coerce
    .number({ error: 'Choose how many people are coming.' })
    .int()
    .min(1, { error: 'Choose how many people are coming.' })
    .max(6, { error: 'Up to 6 people per booking.' }),
});

// SPEC §2 test-store: the brand's in-store demo days, with a booking form.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const found = await loadTestStore(services, locale);
  if (!found) throw await notFound(services, locale, `Page not found: ${new URL(request.url).pathname}`);
  return { ...found, home: `/${locale.segment}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const found = await loadTestStore(services, locale);
  const parsed = bookingSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return data({ error: issue.message, field: String(issue.path[0] ?? ''), booked: null }, { status: 400 });
  }
  const event = found?.events.find((item) => item.uid === parsed.data.event);
  if (!event) return data({ error: 'Choose a demo day.', field: 'event', booked: null }, { status: 400 });
  services.logger.info({ event: event.uid, party: parsed.data.party }, 'demo day booking');
  return { error: null, field: null, booked: { ...event, name: parsed.data.name, party: parsed.data.party } };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return editorialMeta(matches, location.pathname, loaderData?.page.seo);
}

export default function TestStore({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const navigation = useNavigation();
  const { page, events, home } = loaderData;
  const booked = actionData?.booked ?? null;
  return (
    <div className="container ed-page ed-page--wide">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: page.title, href: `${home}/test-store` },
        ]}
      />
      <h1>{page.heading}</h1>
      <RichText html={page.html} className="ed-prose ed-lede" />
      <div className="ed-demo">
        <section aria-labelledby="demo-days">
          <h2 id="demo-days">{t('demo days')}</h2>
          <ul className="ed-events">
            {events.map((event) => (
              <li key={event.uid} className="ed-event">
                <p className="ed-event__date">
                  <time dateTime={event.date}>{event.dateText}</time> · {event.time}
                </p>
                <h3>{event.title}</h3>
                <p className="ed-muted">
                  {event.dealer ? `${event.dealer}, ` : ''}
                  {event.city} · {t('places', { count: event.capacity })}
                </p>
                <p>{event.description}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="book" className="ed-booking">
          <h2 id="book">{t('book a demo')}</h2>
          {booked ? (
            <div className="form-success" role="status">
              <p>
                {t('booking confirmed', {
                  name: booked.name,
                  title: booked.title,
                  date: booked.dateText,
                  city: booked.city,
                })}
              </p>
            </div>
          ) : (
            <Form method="post" className="ed-form" noValidate>
              {actionData?.error ? (
                <p className="form-error" role="alert">
                  {actionData.error}
                </p>
              ) : null}
              <label htmlFor="book-event">{t('demo day')}</label>
              <select id="book-event" name="event" required defaultValue="">
                <option value="" disabled>
                  {t('choose a demo day')}
                </option>
                {events.map((event) => (
                  <option key={event.uid} value={event.uid}>
                    {event.dateText} — {event.title}, {event.city}
                  </option>
                ))}
              </select>
              <label htmlFor="book-name">{t('your name')}</label>
              <input id="book-name" name="name" autoComplete="name" required />
              <label htmlFor="book-email">{t('email')}</label>
              <input id="book-email" name="email" type="email" autoComplete="email" required />
              <label htmlFor="book-party">{t('people coming')}</label>
              <select id="book-party" name="party" defaultValue="1">
                {[1, 2, 3, 4, 5, 6].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
                {t('book my place')}
              </button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}

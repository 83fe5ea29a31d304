import { data, Form, useNavigation, useRouteLoaderData } from 'react-router';
import { z } from 'zod';
import { contentLocaleOf } from '#core/locale.ts';
import bookingStyles from '../components/editorial/booking.css?url';
import { BOOKING_TEXT, type BookingTextKey, bookingText } from '../components/editorial/booking-text.ts';
import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { RichText } from '../components/editorial/rich-text.tsx';
import { loadTestStore } from '../lib/editorial/demo-days.server.ts';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { useText } from '../lib/locale/use-text.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import { notFound } from '../lib/shell/error-content.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import type { RootData } from '../root.tsx';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/test-store';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: editorialStyles },
  { rel: 'stylesheet', href: bookingStyles },
];
export const handle = { name: 'test-store' } satisfies RouteHandle;

const PARTY_SIZES = [1, 2, 3, 4, 5, 6];

// Error messages are display-text keys, so the answer reads in the visitor's language.
const bookingSchema = z.object({
  event: z.string({ error: 'booking error event' }).min(1, { error: 'booking error event' }),
  name: z
    .string({ error: 'booking error name' })
    .trim()
    .min(2, { error: 'booking error name' })
    .max(100, { error: 'booking error name' }),
  email: z.email({ error: 'booking error email' }).max(254, { error: 'booking error email' }),
  party: z.coerce
    .number({ error: 'booking error party' })
    .int({ error: 'booking error party' })
    .min(1, { error: 'booking error party' })
    .max(6, { error: 'booking error party' }),
  consent: z.literal('on', { error: 'booking error consent' }),
});

type Field = 'event' | 'name' | 'email' | 'party' | 'consent';
const today = () => new Date().toISOString().slice(0, 10);

// SPEC §2 test-store: the brand's upcoming in-store demo days with the places left, and the booking form.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const found = await loadTestStore(services, locale);
  if (!found) throw await notFound(services, locale, `Page not found: ${new URL(request.url).pathname}`);
  const upcoming = found.events.filter((event) => event.date >= today());
  const events = (await services.bookings.withPlacesLeft(upcoming)).map(({ placesLeft, ...event }) => ({
    ...event,
    left: placesLeft,
  }));
  return { page: found.page, events, home: `/${locale.segment}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, locale } = await storefrontContext(request, context);
  const form = Object.fromEntries(await request.formData());
  const values = {
    event: String(form.event ?? ''),
    name: String(form.name ?? ''),
    email: String(form.email ?? ''),
    party: String(form.party ?? '1'),
  };
  const text = await services.content.client.displayText(contentLocaleOf(locale));
  const say = (key: BookingTextKey, vars?: Record<string, string | number>) =>
    bookingText(text as Record<string, string>, key, vars);
  const fail = (status: 400 | 409, key: BookingTextKey, field: Field, vars?: Record<string, string>) =>
    data({ error: say(key, vars), field, values, booked: null }, { status });

  const parsed = bookingSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = (issue.message in BOOKING_TEXT ? issue.message : 'booking error event') as BookingTextKey;
    return fail(400, key, String(issue.path[0] ?? 'event') as Field);
  }
  const found = await loadTestStore(services, locale);
  const event = found?.events.find((item) => item.uid === parsed.data.event);
  if (!event) return fail(400, 'booking error event', 'event');
  const outcome = await services.bookings.book(
    { uid: event.uid, date: event.date, capacity: event.capacity },
    { name: parsed.data.name, email: parsed.data.email, party: parsed.data.party, locale: locale.segment },
    today(),
  );
  if (!outcome.ok) {
    if (outcome.reason === 'full') {
      return outcome.remaining > 0
        ? fail(409, 'booking error few', 'party', { title: event.title, count: String(outcome.remaining) })
        : fail(409, 'booking error full', 'event', { title: event.title });
    }
    return outcome.reason === 'past'
      ? fail(409, 'booking error past', 'event', { title: event.title })
      : fail(409, 'booking error already', 'email', { title: event.title });
  }
  services.logger.info(
    { event: event.uid, party: parsed.data.party, booking: outcome.id },
    'demo day booked',
  );
  const vars = {
    name: parsed.data.name,
    title: event.title,
    date: event.dateText,
    time: event.time,
    city: event.city,
    meeting: [event.dealer, event.city].filter(Boolean).join(', '),
    party: parsed.data.party,
  };
  try {
    await services.mailer.send({
      to: parsed.data.email,
      subject: say('booking mail subject', vars),
      text: say('booking mail body', vars),
      kind: 'demo-booking',
    });
  } catch (error) {
    // The place is booked either way; the page shows the same details the message would have carried.
    services.logger.error({ err: error, booking: outcome.id }, 'demo booking confirmation mail failed');
  }
  return {
    error: null,
    field: null,
    values,
    booked: { title: event.title, dateText: event.dateText, city: event.city, name: parsed.data.name },
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return editorialMeta(matches, location.pathname, loaderData?.page.seo);
}

export default function TestStore({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText();
  const shellText = useRouteLoaderData<RootData>('root')?.shell.text ?? {};
  const say = (key: BookingTextKey, vars?: Record<string, string | number>) =>
    bookingText(shellText, key, vars);
  const navigation = useNavigation();
  const { page, events, home } = loaderData;
  const booked = actionData?.booked ?? null;
  const values = actionData?.values;
  const invalid = (field: Field) =>
    actionData?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'book-error' } : {};
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
                  {event.city} ·{' '}
                  {event.left > 0 ? say('places left', { count: event.left }) : say('event full')}
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
                <p className="form-error" role="alert" id="book-error">
                  {actionData.error}
                </p>
              ) : null}
              <label htmlFor="book-event">{t('demo day')}</label>
              <select
                id="book-event"
                name="event"
                required
                defaultValue={values?.event ?? ''}
                {...invalid('event')}
              >
                <option value="" disabled>
                  {t('choose a demo day')}
                </option>
                {events.map((event) => (
                  <option key={event.uid} value={event.uid} disabled={event.left === 0}>
                    {event.dateText} — {event.title}, {event.city}
                    {event.left === 0 ? ` (${say('event full')})` : ''}
                  </option>
                ))}
              </select>
              <label htmlFor="book-name">{t('your name')}</label>
              <input
                id="book-name"
                name="name"
                autoComplete="name"
                required
                maxLength={100}
                defaultValue={values?.name ?? ''}
                {...invalid('name')}
              />
              <label htmlFor="book-email">{t('email')}</label>
              <input
                id="book-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={values?.email ?? ''}
                {...invalid('email')}
              />
              <label htmlFor="book-party">{t('people coming')}</label>
              <select id="book-party" name="party" defaultValue={values?.party ?? '1'} {...invalid('party')}>
                {PARTY_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <div className="ed-consent">
                <input id="book-consent" name="consent" type="checkbox" required {...invalid('consent')} />
                <label htmlFor="book-consent">{say('booking consent')}</label>
              </div>
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

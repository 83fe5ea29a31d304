import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { redirect } from 'react-router';
import { z } from 'zod';
import { pluralKey } from '#core/plural.ts';
import { arrangeReviews, readReviewQuery, reviewSummary } from '#core/reviews.ts';
import { ReviewsMarkup, type ReviewsView, reviewStars } from '../../components/catalogue/reviews-markup.tsx';
import type { Shopper } from './catalogue.server.ts';
import type { Translate } from './fit-sentences.ts';

/**
 * The reviews on a product page (issue 45, decision 0043): read, arranged by the rules in core/reviews.ts, phrased
 * in the page's language and rendered to HTML here, so the page ships no code for them. The structured data gains
 * `AggregateRating` and `Review` only when approved reviews exist.
 */

/** The GET parameters the reviews' own form owns; every other parameter of the page is kept by that form. */
const OWN_PARAMS = new Set(['reviews_sort', 'reviews_rating', 'reviews_vote']);
const VOTE_NOTICES = {
  counted: 'reviews vote counted',
  already: 'reviews vote already',
  paused: 'reviews vote paused',
};
/** How many reviews the structured data carries: enough for a rich result, not the whole list. */
const JSON_LD_REVIEWS = 10;

async function translator(shopper: Shopper): Promise<Translate> {
  const { text } = await shopper.services.content.displayText(shopper.contentLocale);
  return (key, values) => {
    const count = values?.count;
    const chosen =
      typeof count === 'number'
        ? pluralKey(key, count, shopper.locale.language, (candidate) => candidate in text)
        : key;
    const template = text[chosen] ?? key;
    return values
      ? template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match))
      : template;
  };
}

function languageName(code: string, segment: string): string {
  try {
    return new Intl.DisplayNames([segment], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface ProductReviewsSlot {
  html: string;
  /** Spread into the product's JSON-LD; empty without approved reviews. */
  jsonLd: Record<string, unknown>;
}

export async function loadProductReviews(
  shopper: Shopper,
  product: { id: number },
  url: URL,
): Promise<ProductReviewsSlot> {
  const { services, locale } = shopper;
  const segment = `${locale.language}-${locale.country}`;
  const [shown, t, eligibility, own] = await Promise.all([
    services.commerce.reviews.shown(product.id),
    translator(shopper),
    shopper.customerId === null
      ? null
      : services.commerce.reviews.eligibility(shopper.customerId, product.id),
    shopper.customerId === null ? null : services.commerce.reviews.ownReview(shopper.customerId, product.id),
  ]);
  const summary = reviewSummary(shown.map((review) => review.rating));
  const query = readReviewQuery(url.searchParams);
  const arranged = arrangeReviews(shown, query, locale.language);
  const number = new Intl.NumberFormat(segment, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const dates = new Intl.DateTimeFormat(segment, {
    dateStyle: 'medium',
    timeZone: services.config.STORE_TIME_ZONE,
  });
  const vote = url.searchParams.get('reviews_vote');
  const view: ReviewsView = {
    heading: t('reviews heading'),
    average:
      summary.average === null ? null : t('reviews average', { average: number.format(summary.average) }),
    count: summary.count === 0 ? t('reviews none') : t('reviews count', { count: summary.count }),
    sort: query.sort,
    rating: query.rating,
    keep: [...url.searchParams.entries()].filter(([name]) => !OWN_PARAMS.has(name)),
    notice: vote && vote in VOTE_NOTICES ? t(VOTE_NOTICES[vote as keyof typeof VOTE_NOTICES]) : null,
    write:
      eligibility?.kind === 'eligible'
        ? {
            href: `/${segment}/account/orders/${eligibility.orderId}/review/${product.id}`,
            label: own ? t('reviews edit yours') : t('reviews write'),
          }
        : null,
    items: arranged.map((review) => ({
      id: review.id,
      rating: review.rating,
      stars: reviewStars(review.rating),
      body: review.body,
      reviewer: review.reviewer || t('reviews anonymous'),
      date: dates.format(review.writtenAt),
      dateTime: review.writtenAt.toISOString(),
      language: review.language,
      languageName: review.language === locale.language ? null : languageName(review.language, segment),
      helpful: t('reviews helpful count', { count: review.helpful }),
      reply: review.reply,
    })),
  };
  const html = renderToStaticMarkup(createElement(ReviewsMarkup, { view, t }));
  if (summary.average === null) return { html, jsonLd: {} };
  const newest = arrangeReviews(shown, { sort: 'newest', rating: null }, locale.language).slice(
    0,
    JSON_LD_REVIEWS,
  );
  return {
    html,
    jsonLd: {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: summary.average,
        reviewCount: summary.count,
        bestRating: 5,
        worstRating: 1,
      },
      review: newest.map((review) => ({
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: review.reviewer || t('reviews anonymous') },
        datePublished: review.writtenAt.toISOString().slice(0, 10),
        reviewBody: review.body,
        inLanguage: review.language,
      })),
    },
  };
}

const voteSchema = z.object({ review: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * A "helpful" vote: a plain form POST (no JavaScript), answered with a redirect back to the reviews with a notice.
 * A guest's page comes from the shared cache and carries no anti-forgery token, so a vote sent from another site
 * is refused by the browser's own word for it (Sec-Fetch-Site) or the Origin it names.
 */
export async function reviewVoteAction(shopper: Shopper, request: Request, form: FormData, clientIp: string) {
  const url = new URL(request.url);
  const back = (outcome: keyof typeof VOTE_NOTICES) => {
    const params = new URLSearchParams(
      [...url.searchParams.entries()].filter(([name]) => name !== 'reviews_vote'),
    );
    params.set('reviews_vote', outcome);
    return redirect(`${url.pathname}?${params}#reviews`, 303);
  };
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (
    site === 'cross-site' ||
    (origin !== null && origin !== url.origin && origin !== shopper.services.origin)
  )
    throw new Response('Forbidden', { status: 403 });
  const parsed = voteSchema.safeParse({ review: form.get('review') });
  if (!parsed.success) throw new Response('Bad Request', { status: 400 });
  try {
    const result = await shopper.services.commerce.reviews.vote(parsed.data.review, {
      ip: clientIp,
      customerId: shopper.customerId,
    });
    return back(result.counted ? 'counted' : 'already');
  } catch (error) {
    const code = shopper.services.errorCode(error);
    if (code === 'too-many-attempts') return back('paused');
    if (code === 'not-found') throw new Response('Not Found', { status: 404 });
    throw error;
  }
}

/**
 * Product reviews from buyers (issue 45, decision 0043): who may write one, what the page shows of them and in
 * which order. Pure: the engine (server/commerce/reviews.ts) reads the facts and asks here; the product page and
 * the back office show the answers.
 */

export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

/** What a review's text may hold, in characters after sanitising: enough for an opinion, short of an essay. */
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
/** The store's reply and a rejection's reason. */
export const REVIEW_NOTE_MAX = 1000;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/**
 * A review's text as plain text: markup removed (a tag is not text, and the page must never read it as HTML),
 * control characters dropped, spaces collapsed within lines and at most one empty line between paragraphs.
 */
export function plainReviewText(raw: string): string {
  return (
    raw
      .replace(/<[^>]*>?/g, ' ')
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .split('\n')
      .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** One order of the customer as the eligibility rule needs it. */
export interface ReviewOrderFacts {
  id: number;
  /** core/order-standing.ts: 'delivered' once every parcel was stamped delivered. */
  fulfillment: string;
  lines: readonly { productId: number; quantity: number; returned: number }[];
}

export type ReviewEligibility =
  | { kind: 'eligible'; orderId: number }
  | { kind: 'not-delivered' }
  | { kind: 'not-bought' }
  | { kind: 'returned' };

/**
 * May this customer review this product? Only with an order of it that was delivered and not sent back whole:
 * the review is then a "verified purchase" of that order (the earliest one, which the shopper had longest). The
 * refusal says why, so the page can tell a shopper waiting for a parcel apart from one who never bought.
 */
export function reviewEligibility(productId: number, orders: readonly ReviewOrderFacts[]): ReviewEligibility {
  const withProduct = orders
    .filter((order) => order.lines.some((line) => line.productId === productId))
    .sort((a, b) => a.id - b.id);
  if (withProduct.length === 0) return { kind: 'not-bought' };
  const delivered = withProduct.filter((order) => order.fulfillment === 'delivered');
  if (delivered.length === 0) return { kind: 'not-delivered' };
  const kept = delivered.find((order) =>
    order.lines.some((line) => line.productId === productId && line.quantity - line.returned > 0),
  );
  return kept ? { kind: 'eligible', orderId: kept.id } : { kind: 'returned' };
}

export interface ReviewSummary {
  count: number;
  /** Mean rating rounded to one decimal; null without reviews. */
  average: number | null;
  /** How many reviews gave each rating, 5 first. */
  byRating: { rating: ReviewRating; count: number }[];
}

export function reviewSummary(ratings: readonly number[]): ReviewSummary {
  const byRating = [...REVIEW_RATINGS]
    .reverse()
    .map((rating) => ({ rating, count: ratings.filter((value) => value === rating).length }));
  if (ratings.length === 0) return { count: 0, average: null, byRating };
  const sum = ratings.reduce((total, value) => total + value, 0);
  return { count: ratings.length, average: Math.round((sum / ratings.length) * 10) / 10, byRating };
}

/** What the product page's review form asks for, read from its GET parameters; anything else is the default. */
export interface ReviewQuery {
  sort: ReviewSort;
  rating: ReviewRating | null;
}

export function readReviewQuery(params: URLSearchParams): ReviewQuery {
  const sort = params.get('reviews_sort');
  const rating = Number(params.get('reviews_rating'));
  return {
    sort: sort === 'helpful' ? 'helpful' : 'newest',
    rating: (REVIEW_RATINGS as readonly number[]).includes(rating) ? (rating as ReviewRating) : null,
  };
}

export interface ArrangeableReview {
  id: number;
  rating: number;
  helpful: number;
  /** The language the review was written in (`de`). */
  language: string;
  /** When it was written or last edited (ISO or Date). */
  writtenAt: Date;
}

/**
 * The order a product page shows its approved reviews in: those of the chosen rating only, the shopper's language
 * first (a review they can read beats a better one they cannot), then the sort within each language group:
 * newest first, or most helpful first with the newer first among equals. Ties end on the id, so a page is stable.
 */
export function arrangeReviews<T extends ArrangeableReview>(
  reviews: readonly T[],
  query: ReviewQuery,
  language: string,
): T[] {
  const newest = (a: T, b: T) => b.writtenAt.getTime() - a.writtenAt.getTime() || b.id - a.id;
  const within = query.sort === 'helpful' ? (a: T, b: T) => b.helpful - a.helpful || newest(a, b) : newest;
  const own = (review: T) => (review.language === language ? 0 : 1);
  return reviews
    .filter((review) => query.rating === null || review.rating === query.rating)
    .sort((a, b) => own(a) - own(b) || within(a, b));
}

/** A review invitation is due this many days after the order's last parcel was delivered, and no later than the window. */
export function invitationDue(deliveredAt: Date, now: Date, afterDays: number, windowDays: number): boolean {
  const day = 86_400_000;
  const age = now.getTime() - deliveredAt.getTime();
  return age >= afterDays * day && age < (afterDays + windowDays) * day;
}

export type ModerationIntent = 'approve' | 'reject' | 'reply';

/**
 * What moderation may do to a review in a status: approve or reject what waits or was decided the other way
 * (staff change their minds), reply only to what shoppers can see, since a reply shows under the review.
 */
export function moderationAllowed(status: ReviewStatus, intent: ModerationIntent): boolean {
  if (intent === 'approve') return status !== 'approved';
  if (intent === 'reject') return status !== 'rejected';
  return status === 'approved';
}

/** A name as a review shows it: the first name and the initial of the last ("Anna K."), never the whole name. */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = lastName.trim().charAt(0);
  return [first, initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}

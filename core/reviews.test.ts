import { describe, expect, it } from 'vitest';
import {
  arrangeReviews,
  invitationDue,
  moderationAllowed,
  plainReviewText,
  readReviewQuery,
  reviewEligibility,
  reviewerName,
  reviewSummary,
} from './reviews.ts';

describe('plainReviewText', () => {
  it('removes markup, control characters and runs of spaces', () => {
    expect(plainReviewText('<b>Great</b>  grip <script>alert(1)</script>on ice\u0007')).toBe(
      'Great grip alert(1) on ice',
    );
    expect(plainReviewText('an unclosed <img src=x onerror=alert(1)')).toBe('an unclosed');
  });

  it('keeps paragraphs, at most one empty line between them', () => {
    expect(plainReviewText('  First day.\r\n\r\n\r\n\r\nSecond   day.\t ')).toBe('First day.\n\nSecond day.');
  });
});

describe('reviewEligibility', () => {
  const line = (productId: number, quantity = 1, returned = 0) => ({ productId, quantity, returned });

  it('refuses a customer who never ordered the product', () => {
    expect(reviewEligibility(7, [])).toEqual({ kind: 'not-bought' });
    expect(reviewEligibility(7, [{ id: 1, fulfillment: 'delivered', lines: [line(8)] }])).toEqual({
      kind: 'not-bought',
    });
  });

  it('waits for the parcel: shipped, unfulfilled or cancelled orders do not count', () => {
    expect(
      reviewEligibility(7, [
        { id: 1, fulfillment: 'fulfilled', lines: [line(7)] },
        { id: 2, fulfillment: 'cancelled', lines: [line(7)] },
      ]),
    ).toEqual({ kind: 'not-delivered' });
  });

  it('refuses a product that was sent back whole', () => {
    expect(reviewEligibility(7, [{ id: 3, fulfillment: 'delivered', lines: [line(7, 2, 2)] }])).toEqual({
      kind: 'returned',
    });
  });

  it('answers the earliest delivered order that kept the product', () => {
    expect(
      reviewEligibility(7, [
        { id: 9, fulfillment: 'delivered', lines: [line(7)] },
        { id: 4, fulfillment: 'delivered', lines: [line(8), line(7, 1, 1)] },
        { id: 6, fulfillment: 'delivered', lines: [line(7, 2, 1)] },
        { id: 2, fulfillment: 'fulfilled', lines: [line(7)] },
      ]),
    ).toEqual({ kind: 'eligible', orderId: 6 });
  });
});

describe('reviewSummary', () => {
  it('has no average without reviews', () => {
    expect(reviewSummary([])).toEqual({
      count: 0,
      average: null,
      byRating: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })),
    });
  });

  it('rounds the mean to one decimal and counts each rating', () => {
    const summary = reviewSummary([5, 4, 4]);
    expect(summary.count).toBe(3);
    expect(summary.average).toBe(4.3);
    expect(summary.byRating.map((entry) => entry.count)).toEqual([1, 2, 0, 0, 0]);
  });
});

describe('readReviewQuery', () => {
  it('reads the sort and a rating from 1 to 5', () => {
    expect(readReviewQuery(new URLSearchParams('reviews_sort=helpful&reviews_rating=4'))).toEqual({
      sort: 'helpful',
      rating: 4,
    });
  });

  it('falls back to newest and every rating for anything else', () => {
    expect(readReviewQuery(new URLSearchParams('reviews_sort=oldest&reviews_rating=6'))).toEqual({
      sort: 'newest',
      rating: null,
    });
    expect(readReviewQuery(new URLSearchParams('reviews_rating=2.5'))).toEqual({
      sort: 'newest',
      rating: null,
    });
  });
});

describe('arrangeReviews', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 10, day));
  const reviews = [
    { id: 1, rating: 5, helpful: 0, language: 'en', writtenAt: at(1) },
    { id: 2, rating: 4, helpful: 7, language: 'de', writtenAt: at(2) },
    { id: 3, rating: 5, helpful: 7, language: 'en', writtenAt: at(3) },
    { id: 4, rating: 2, helpful: 1, language: 'de', writtenAt: at(4) },
    { id: 5, rating: 5, helpful: 7, language: 'en', writtenAt: at(3) },
  ];
  const ids = (list: { id: number }[]) => list.map((review) => review.id);

  it('shows the shopper’s language first, newest first within each language', () => {
    expect(ids(arrangeReviews(reviews, { sort: 'newest', rating: null }, 'de'))).toEqual([4, 2, 5, 3, 1]);
    expect(ids(arrangeReviews(reviews, { sort: 'newest', rating: null }, 'en'))).toEqual([5, 3, 1, 4, 2]);
  });

  it('sorts by helpful votes, the newer first among equals', () => {
    expect(ids(arrangeReviews(reviews, { sort: 'helpful', rating: null }, 'en'))).toEqual([5, 3, 1, 2, 4]);
  });

  it('keeps only the chosen rating', () => {
    expect(ids(arrangeReviews(reviews, { sort: 'newest', rating: 5 }, 'fr'))).toEqual([5, 3, 1]);
  });

  it('leaves the list it was given alone', () => {
    arrangeReviews(reviews, { sort: 'helpful', rating: null }, 'de');
    expect(ids(reviews)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('invitationDue', () => {
  const delivered = new Date('2026-11-01T10:00:00Z');
  it('is due from the delay on, for the window', () => {
    expect(invitationDue(delivered, new Date('2026-11-08T09:59:59Z'), 7, 14)).toBe(false);
    expect(invitationDue(delivered, new Date('2026-11-08T10:00:00Z'), 7, 14)).toBe(true);
    expect(invitationDue(delivered, new Date('2026-11-22T09:59:59Z'), 7, 14)).toBe(true);
    expect(invitationDue(delivered, new Date('2026-11-22T10:00:00Z'), 7, 14)).toBe(false);
  });
});

describe('moderationAllowed', () => {
  it('approves or rejects anything not already so, and replies only under a shown review', () => {
    expect(moderationAllowed('pending', 'approve')).toBe(true);
    expect(moderationAllowed('approved', 'approve')).toBe(false);
    expect(moderationAllowed('approved', 'reject')).toBe(true);
    expect(moderationAllowed('rejected', 'reject')).toBe(false);
    expect(moderationAllowed('approved', 'reply')).toBe(true);
    expect(moderationAllowed('pending', 'reply')).toBe(false);
  });
});

describe('reviewerName', () => {
  it('shows the first name and the last name’s initial', () => {
    expect(reviewerName(' Anna ', 'kowalski')).toBe('Anna K.');
    expect(reviewerName('Anna', '')).toBe('Anna');
    expect(reviewerName('', '')).toBe('');
  });
});

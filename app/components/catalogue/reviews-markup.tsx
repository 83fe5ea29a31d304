import type { Translate } from '../../lib/catalogue/fit-sentences.ts';

/**
 * The reviews of a product (issue 45, decision 0043) as its page shows them, rendered to HTML on the server only
 * (reviews.server.ts): the sort and the rating filter are a GET form, "helpful" a POST form, so the product page
 * carries no JavaScript for them and they work the same without it.
 */

export interface ReviewItemView {
  id: number;
  rating: number;
  stars: string;
  body: string;
  reviewer: string;
  date: string;
  dateTime: string;
  /** "Deutsch" when written in another language than the page's, else null. */
  languageName: string | null;
  language: string;
  helpful: string;
  reply: string | null;
}

export interface ReviewsView {
  heading: string;
  /** "4.3 out of 5", null without reviews. */
  average: string | null;
  count: string;
  sort: 'newest' | 'helpful';
  rating: number | null;
  keep: [string, string][];
  items: ReviewItemView[];
  /** A notice after a vote ("Thanks…"), or null. */
  notice: string | null;
  /** Where the signed-in buyer writes or edits their review, with its label; null when they may not. */
  write: { href: string; label: string } | null;
}

const STARS = (rating: number) => '★★★★★'.slice(0, rating) + '☆☆☆☆☆'.slice(0, 5 - rating);

export function ReviewsMarkup({ view, t }: { view: ReviewsView; t: Translate }) {
  return (
    <section className="reviews" id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{view.heading}</h2>
      {view.average ? (
        <p className="reviews__summary">
          <span className="reviews__stars" aria-hidden="true">
            {STARS(Math.round(Number.parseFloat(view.average)))}
          </span>{' '}
          <strong>{view.average}</strong> · {view.count}
        </p>
      ) : (
        <p className="reviews__summary">{view.count}</p>
      )}
      {view.notice ? (
        <p className="reviews__notice" role="status">
          {view.notice}
        </p>
      ) : null}
      {view.write ? (
        <p>
          <a className="button button--ghost" href={view.write.href}>
            {view.write.label}
          </a>
        </p>
      ) : null}
      {view.average ? (
        <form method="get" action="#reviews" className="reviews__controls">
          {view.keep.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <div className="reviews__field">
            <label htmlFor="reviews-sort">{t('reviews sort')}</label>
            <select id="reviews-sort" name="reviews_sort" defaultValue={view.sort}>
              <option value="newest">{t('reviews sort newest')}</option>
              <option value="helpful">{t('reviews sort helpful')}</option>
            </select>
          </div>
          <div className="reviews__field">
            <label htmlFor="reviews-rating">{t('reviews filter rating')}</label>
            <select id="reviews-rating" name="reviews_rating" defaultValue={String(view.rating ?? '')}>
              <option value="">{t('reviews all ratings')}</option>
              {[5, 4, 3, 2, 1].map((rating) => (
                <option key={rating} value={rating}>
                  {t('reviews stars', { count: rating })}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--ghost">
            {t('reviews show')}
          </button>
        </form>
      ) : null}
      {view.average && view.items.length === 0 ? <p>{t('reviews none with rating')}</p> : null}
      {view.items.length === 0 ? null : (
        <ol className="reviews__list">
          {view.items.map((item) => (
            <li key={item.id} className="review">
              <article aria-labelledby={`review-${item.id}`}>
                <p className="review__rating">
                  <span aria-hidden="true" className="reviews__stars">
                    {item.stars}
                  </span>
                  <span className="visually-hidden">{t('reviews rating of', { rating: item.rating })}</span>
                </p>
                <h3 id={`review-${item.id}`} className="review__by">
                  {item.reviewer}
                  <span className="review__verified">{t('reviews verified purchase')}</span>
                </h3>
                <p className="review__meta">
                  <time dateTime={item.dateTime}>{item.date}</time>
                  {item.languageName ? (
                    <>
                      {' · '}
                      <span className="review__language">
                        {t('reviews written in', { language: item.languageName })}
                      </span>
                    </>
                  ) : null}
                </p>
                <p className="review__body" lang={item.language}>
                  {item.body}
                </p>
                {item.reply ? (
                  <div className="review__reply">
                    <p className="review__reply-by">{t('reviews store reply')}</p>
                    <p>{item.reply}</p>
                  </div>
                ) : null}
                <form method="post" action="#reviews" className="review__helpful">
                  <input type="hidden" name="intent" value="review-helpful" />
                  <input type="hidden" name="review" value={item.id} />
                  <span>{item.helpful}</span>{' '}
                  <button
                    type="submit"
                    className="button button--ghost"
                    aria-describedby={`review-${item.id}`}
                  >
                    {t('reviews helpful button')}
                  </button>
                </form>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export { STARS as reviewStars };

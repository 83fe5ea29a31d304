import { Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { REVIEW_NOTE_MAX, REVIEW_STATUSES, type ReviewStatus } from '#core/reviews.ts';
import { formatStoreTime } from '#core/store-time.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FormMessage } from '../../../components/backoffice/form-message.tsx';
import { attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import reviewStyles from '../../../styles/admin-reviews.css?url';
import type { Route } from './+types/queue';

/**
 * The review queue (issue 45, decision 0043): reviews from buyers wait here until staff approve them, reject them
 * with a reason the buyer reads on their review form, or reply under an approved one as the store. Every step is
 * audited and re-renders the product's page.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: reviewStyles }];

export function meta() {
  return [{ title: 'Reviews | Ridgeline back office' }];
}

const STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
};

const statusOf = (value: string | null): ReviewStatus =>
  (REVIEW_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReviewStatus) : 'pending';

export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'reviews:moderate');
  const status = statusOf(new URL(args.request.url).searchParams.get('status'));
  const zone = services.config.STORE_TIME_ZONE;
  const [reviews, counts] = await Promise.all([
    services.commerce.reviews.queue(status),
    services.commerce.reviews.counts(),
  ]);
  return {
    status,
    counts,
    reviews: reviews.map((review) => ({
      id: review.id,
      productId: review.productId,
      productName: review.productName,
      orderId: review.orderId,
      rating: review.rating,
      body: review.body,
      reviewer: review.reviewer || 'A customer',
      language: review.language,
      written: formatStoreTime(review.writtenAt.toISOString(), zone),
      helpful: review.helpful,
      reply: review.reply,
      rejectReason: review.rejectReason,
    })),
  };
}

const moderationForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), id: z.coerce.number().int().positive() }),
  z.object({
    intent: z.literal('reject'),
    id: z.coerce.number().int().positive(),
    reason: z.string().trim().min(1, { error: 'Give a reason' }).max(REVIEW_NOTE_MAX),
  }),
  z.object({
    intent: z.literal('reply'),
    id: z.coerce.number().int().positive(),
    reply: z.string().trim().min(1, { error: 'Write a reply' }).max(REVIEW_NOTE_MAX),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'reviews:moderate');
  const parsed = await parseStaffForm(args.request, csrfToken, moderationForm);
  if (!parsed.ok) return parsed.answer;
  const input = parsed.data;
  const { reviews } = services.commerce;
  const done = await attemptStaff(services, () =>
    input.intent === 'approve'
      ? reviews.approve(actor, input.id)
      : input.intent === 'reject'
        ? reviews.reject(actor, input.id, input.reason)
        : reviews.reply(actor, input.id, input.reply),
  );
  if (!done.ok) return done.answer;
  const said = { approve: 'approved', reject: 'rejected', reply: 'answered' }[input.intent];
  return { ok: true as const, message: `Review ${input.id} ${said}.` };
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { status, counts, reviews } = loaderData;
  return (
    <section aria-labelledby="reviews-title" className="admin-reviews">
      <h1 id="reviews-title">Reviews</h1>
      <p className="admin-muted">
        Reviews from customers whose order of the product was delivered. Nothing shows on the storefront until
        it is approved; an edit by the customer comes back here.
      </p>
      <nav aria-label="Review status" className="admin-reviews__tabs">
        <ul>
          {REVIEW_STATUSES.map((candidate) => (
            <li key={candidate}>
              <Link
                to={`/admin/reviews?status=${candidate}`}
                aria-current={candidate === status ? 'page' : undefined}
              >
                {STATUS_LABELS[candidate]} ({counts[candidate]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FormMessage answer={answer} />
      {reviews.length === 0 ? (
        <p>
          {status === 'pending'
            ? 'No reviews are waiting.'
            : `No ${STATUS_LABELS[status].toLowerCase()} reviews.`}
        </p>
      ) : (
        <ol className="admin-reviews__list">
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="admin-review" aria-labelledby={`admin-review-${review.id}`}>
                <h2 id={`admin-review-${review.id}`}>
                  {review.rating} of 5 ·{' '}
                  <Link to={`/admin/products/${review.productId}`}>{review.productName}</Link>
                </h2>
                <p className="admin-muted">
                  {review.reviewer} ·{' '}
                  <Link to={`/admin/orders/${review.orderId}`}>order {review.orderId}</Link> · language{' '}
                  {review.language} · {review.written} · {review.helpful} found it helpful
                </p>
                <p className="admin-review__body" lang={review.language}>
                  {review.body}
                </p>
                {review.rejectReason ? <p>Rejected: {review.rejectReason}</p> : null}
                {review.reply ? (
                  <p className="admin-review__reply">
                    <strong>Store’s reply:</strong> {review.reply}
                  </p>
                ) : null}
                <div className="admin-review__actions">
                  {status !== 'approved' ? (
                    <Form method="post" className="admin-inline-form">
                      <CsrfField />
                      <input type="hidden" name="id" value={review.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="approve"
                        className="admin-button admin-button--small"
                        aria-label={`Approve review ${review.id}`}
                      >
                        Approve
                      </button>
                    </Form>
                  ) : null}
                  {status !== 'rejected' ? (
                    <Form method="post" className="admin-inline-form">
                      <CsrfField />
                      <input type="hidden" name="id" value={review.id} />
                      <label htmlFor={`reason-${review.id}`}>Reason</label>
                      <input
                        id={`reason-${review.id}`}
                        name="reason"
                        required
                        maxLength={REVIEW_NOTE_MAX}
                        aria-describedby={`admin-review-${review.id}`}
                      />
                      <button
                        type="submit"
                        name="intent"
                        value="reject"
                        className="admin-button admin-button--small admin-button--quiet"
                        aria-label={`Reject review ${review.id}`}
                      >
                        Reject
                      </button>
                    </Form>
                  ) : null}
                  {status === 'approved' ? (
                    <Form method="post" className="admin-review__reply-form">
                      <CsrfField />
                      <input type="hidden" name="id" value={review.id} />
                      <label htmlFor={`reply-${review.id}`}>Reply as the store</label>
                      <textarea
                        id={`reply-${review.id}`}
                        name="reply"
                        rows={3}
                        required
                        maxLength={REVIEW_NOTE_MAX}
                        defaultValue={review.reply ?? ''}
                      />
                      <button
                        type="submit"
                        name="intent"
                        value="reply"
                        className="admin-button admin-button--small"
                        aria-label={`Reply to review ${review.id}`}
                      >
                        Save reply
                      </button>
                    </Form>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

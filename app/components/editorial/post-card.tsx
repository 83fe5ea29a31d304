import { Link } from 'react-router';
import type { PostCardView } from '../../lib/editorial/blog.server.ts';
import { POST_CARD_SIZES } from '../../lib/editorial/image-sizes.ts';
import { EditorialImage } from './editorial-image.tsx';

export function PostCard({
  post,
  headingLevel = 2,
  sizes = POST_CARD_SIZES,
}: {
  post: PostCardView;
  headingLevel?: 2 | 3;
  /** How wide the card's image is shown (the blog's lead card is wider than a card in the grid). */
  sizes?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      <EditorialImage image={post.image} className="post-card__image" sizes={sizes} />
      <div className="post-card__body">
        {post.category ? <p className="eyebrow">{post.category.title}</p> : null}
        <Heading className="post-card__title">
          <Link to={post.href}>{post.title}</Link>
        </Heading>
        <p className="post-card__summary">{post.summary}</p>
        <p className="post-card__date">
          <time dateTime={post.date}>{post.dateText}</time>
        </p>
      </div>
    </article>
  );
}

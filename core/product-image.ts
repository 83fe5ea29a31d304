/**
 * The one answer to "which image does this product show, in this colour" (issue 41). Tiles, the product page,
 * category tiles and the search index all ask here, and only the product's own records answer: the image a colour
 * value names (`image`, set when a merchandiser uploads or picks one for the colour, or by the seed), then the
 * image of a variant in that colour, then the product's thumbnail. Nothing is guessed from slugs: a guessed
 * `{slug}-{colour}` id named an image only the demo catalogue has, and a new product's tile asked for it and got 404.
 */

export interface ImageSourceValue {
  entityId?: number | undefined;
  id?: number | undefined;
  /** The media id this colour value shows. */
  image?: string | null | undefined;
}

export interface ImageSourceVariant {
  thumbnail?: string | null | undefined;
  option_values?: ReadonlyArray<{ value_id?: number; values?: ReadonlyArray<{ id: number }> }> | undefined;
}

export interface ImageSource {
  thumbnail?: string | null | undefined;
  variants?: readonly ImageSourceVariant[] | undefined;
}

/** The media id of a `/media/i/{alias}/{id}` path (or of a bare id), or null. */
export function mediaIdOfPath(path: string | null | undefined): string | null {
  if (!path) return null;
  const last = path.split('?')[0]?.split('/').filter(Boolean).at(-1);
  return last ? decodeURIComponent(last) : null;
}

const valueIdOf = (value: ImageSourceValue) => value.entityId ?? value.id ?? null;

/** The image one colour value shows, or the product's own image when the colour names none; null when it has none. */
export function colourImageId(product: ImageSource, value: ImageSourceValue): string | null {
  if (value.image) return value.image;
  const id = valueIdOf(value);
  const variant =
    id === null
      ? undefined
      : product.variants?.find(
          (candidate) =>
            candidate.thumbnail &&
            candidate.option_values?.some((entry) => (entry.value_id ?? entry.values?.[0]?.id) === id),
        );
  return mediaIdOfPath(variant?.thumbnail) ?? mediaIdOfPath(product.thumbnail);
}

/** The image that stands for the product (its first colour's, else its thumbnail), or null when it has none. */
export function productImageIdOf(
  product: ImageSource,
  colours: readonly ImageSourceValue[] = [],
): string | null {
  const first = colours[0];
  return first ? colourImageId(product, first) : mediaIdOfPath(product.thumbnail);
}

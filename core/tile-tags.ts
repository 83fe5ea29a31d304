/**
 * Product tile tags (SPEC §4 product tile tags, §6 pro customers never see the sale tag).
 */

/** Content flags arrive either as the bare select value or as `{ value }`. */
export type ContentFlag = string | { value?: string | null } | null | undefined;

export interface TileTagInput {
  shoppingRegion: boolean;
  isPro: boolean;
  /** Tile shown in the add-on grid of the cart. */
  isAddOn: boolean;
  commerce?: {
    calculatedPrice?: { value?: number | null } | null;
    retailPrice?: { value?: number | null } | null;
    isNew?: boolean | null;
    isRedesigned?: boolean | null;
  } | null;
  content?: { is_new?: ContentFlag; is_redesigned?: ContentFlag } | null;
}

export interface TileTags {
  sale: boolean;
  new: boolean;
  redesigned: boolean;
}

/** §4: a content flag is set when its value equals 'True' or 'Yes'. */
export function isFlagSet(flag: ContentFlag): boolean {
  const value = typeof flag === 'object' && flag !== null ? flag.value : flag;
  return value === 'True' || value === 'Yes';
}

/**
 * Sale: shopping region, non-pro, outside the add-on grid, calculated price below retail price.
 * New: not on sale, not add-on, and isNew or is_new set.
 * Redesigned: not on sale and not new, and isRedesigned or is_redesigned set. The spec gives redesigned no
 * add-on condition, so it is allowed in the add-on grid.
 */
export function tileTags(input: TileTagInput): TileTags {
  const calculated = input.commerce?.calculatedPrice?.value;
  const retail = input.commerce?.retailPrice?.value;
  const sale =
    input.shoppingRegion &&
    !input.isPro &&
    !input.isAddOn &&
    typeof calculated === 'number' &&
    typeof retail === 'number' &&
    calculated < retail;
  const isNew =
    !sale && !input.isAddOn && (input.commerce?.isNew === true || isFlagSet(input.content?.is_new));
  const redesigned =
    !sale && !isNew && (input.commerce?.isRedesigned === true || isFlagSet(input.content?.is_redesigned));
  return { sale, new: isNew, redesigned };
}

/** The single tag a tile shows, in the §4 order of precedence. */
export function tileTag(input: TileTagInput): keyof TileTags | null {
  const tags = tileTags(input);
  if (tags.sale) return 'sale';
  if (tags.new) return 'new';
  return tags.redesigned ? 'redesigned' : null;
}

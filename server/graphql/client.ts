/**
 * The storefront's GraphQL client (SPEC §7, §8): GET by default with a JSON accept header, POST allowed. It
 * throws the first error message, or 'GraphQL Error (Code: status)' for a non-ok answer without one.
 */
export type GraphqlFetch = (input: string, init: RequestInit) => Promise<Response>;

export const GET_COLOR_GROUPS = /* GraphQL */ `
  query GetColorGroups($locale: String) {
    colorGroups(locale: $locale) { uid color_name option_swatch_hex child_colors }
  }
`;

export const GET_RELATED_PRODUCTS = /* GraphQL */ `
  query GetRelatedProducts($uids: [String!], $ids: [Int!], $locale: String, $bcRegion: String!, $ctsRegion: String,
    $includeVariantRetailPrice: Boolean, $currentUid: String, $currentId: Int, $limit: Int) {
    relatedProducts(uids: $uids, ids: $ids, locale: $locale, bcRegion: $bcRegion, ctsRegion: $ctsRegion,
      includeVariantRetailPrice: $includeVariantRetailPrice, currentUid: $currentUid, currentId: $currentId, limit: $limit) {
      uid title display_title url tagline image price_range prices is_new is_redesigned colours regions
      bcProduct {
        id name sku price availability inventoryLevel isInStock isPurchasable isNew isRedesigned customFields
        product_options variants
        calculatedPrice { value currencyCode }
        retailPrice { value currencyCode }
        salePrice { value currencyCode }
      }
    }
  }
`;

export const GET_AUTOMATED_RELATED_PRODUCT_IDS = /* GraphQL */ `
  query GetAutomatedRelatedProductIds($categoryId: String!, $bcRegion: String!, $ctsRegion: String, $locale: String,
    $productAttributes: [ProductAttributeInput!], $currentUid: String, $currentId: Int, $limit: Int) {
    automatedRelatedProductIds(categoryId: $categoryId, bcRegion: $bcRegion, ctsRegion: $ctsRegion, locale: $locale,
      productAttributes: $productAttributes, currentUid: $currentUid, currentId: $currentId, limit: $limit) { ids uids }
  }
`;

export const GET_ERROR_PAGE = /* GraphQL */ `
  query GetErrorPage($locale: String, $bcRegion: String) {
    errorPage(locale: $locale, bcRegion: $bcRegion) {
      uid title header main_content link_text product_header banner automated_related_products
      product_recommendation_page
      products {
        uid title url tagline image is_new is_redesigned colours
        bcProduct { id name isInStock isPurchasable calculatedPrice { value currencyCode } retailPrice { value currencyCode } }
      }
    }
  }
`;

export class GraphqlClientError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: ReadonlyArray<{ message: string }> = [],
  ) {
    super(message);
    this.name = 'GraphqlClientError';
  }
}

export interface GraphqlClientOptions {
  /** e.g. `/graphql` on the storefront's origin, or an absolute URL. */
  endpoint: string;
  fetch?: GraphqlFetch;
  method?: 'GET' | 'POST';
}

export function createGraphqlClient(options: GraphqlClientOptions) {
  const doFetch: GraphqlFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function request<T>(
    query: string,
    variables: Record<string, unknown> = {},
    method = options.method ?? 'GET',
  ): Promise<T> {
    const operationName = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
    const compact = query.replace(/\s+/g, ' ').trim();
    let response: Response;
    if (method === 'GET') {
      const params = new URLSearchParams({ query: compact, variables: JSON.stringify(variables) });
      if (operationName) params.set('operationName', operationName);
      response = await doFetch(`${options.endpoint}?${params}`, {
        method: 'GET',
        headers: { accept: 'application/json' },
      });
    } else {
      response = await doFetch(options.endpoint, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ query: compact, variables, operationName }),
      });
    }
    let body: { data?: T; errors?: Array<{ message: string }> } = {};
    try {
      body = await response.json();
    } catch {
      body = {};
    }
    if (body.errors?.length)
      throw new GraphqlClientError(body.errors[0]!.message, response.status, body.errors);
    if (!response.ok)
      throw new GraphqlClientError(`GraphQL Error (Code: ${response.status})`, response.status);
    return body.data as T;
  }

  return {
    request,
    async getColorGroups(locale: string) {
      return (
        await request<{
          colorGroups: Array<{
            uid: string;
            color_name: string;
            option_swatch_hex: string | null;
            child_colors: string[];
          }>;
        }>(GET_COLOR_GROUPS, { locale })
      ).colorGroups;
    },
    async getRelatedProducts(variables: {
      uids?: string[];
      ids?: number[];
      locale: string;
      bcRegion: string;
      ctsRegion?: string;
      includeVariantRetailPrice?: boolean;
      currentUid?: string;
      currentId?: number;
      limit?: number;
    }) {
      return (
        await request<{ relatedProducts: Array<Record<string, unknown> & { uid: string }> }>(
          GET_RELATED_PRODUCTS,
          variables,
        )
      ).relatedProducts;
    },
    async getAutomatedRelatedProductIds(variables: {
      categoryId: string;
      bcRegion: string;
      ctsRegion?: string;
      locale: string;
      productAttributes?: Array<{ attribute: string; values: string[] }>;
      currentUid?: string;
      currentId?: number;
      limit?: number;
    }) {
      return (
        await request<{ automatedRelatedProductIds: { ids: number[]; uids: string[] } }>(
          GET_AUTOMATED_RELATED_PRODUCT_IDS,
          variables,
        )
      ).automatedRelatedProductIds;
    },
    async getErrorPage(locale: string, bcRegion?: string) {
      return (
        await request<{
          errorPage: (Record<string, unknown> & { products: Array<Record<string, unknown>> }) | null;
        }>(GET_ERROR_PAGE, { locale, ...(bcRegion ? { bcRegion } : {}) })
      ).errorPage;
    },
  };
}

export type GraphqlClient = ReturnType<typeof createGraphqlClient>;

/**
 * The product's GraphQL schema (SPEC §7): colour groups, related products, automated related product ids and
 * the error page. Content comes from the content client, commerce records from the Commerce port.
 */
import { buildSchema, GraphQLError, type GraphQLScalarType, Kind, type ValueNode } from 'graphql';

const sdl = /* GraphQL */ `
  "Any JSON value: content fields keep their delivered shape."
  scalar JSON

  type ColorGroup {
    uid: String!
    color_name: String!
    option_swatch_hex: String
    child_colors: [String!]!
  }

  type Money {
    value: Float!
    currencyCode: String!
  }

  "A product's commerce record in one commerce region."
  type CommerceProduct {
    id: Int!
    name: String!
    sku: String
    price: Float
    calculatedPrice: Money
    retailPrice: Money
    salePrice: Money
    availability: String
    inventoryLevel: Int
    isInStock: Boolean!
    isPurchasable: Boolean!
    isNew: Boolean
    isRedesigned: Boolean
    customFields: JSON
    product_options: JSON
    "Variants; with includeVariantRetailPrice they carry retailPrice."
    variants: JSON
  }

  "A product's content joined with its commerce record (null when not sold in the region)."
  type RelatedProduct {
    uid: String!
    title: String
    display_title: String
    url: String
    tagline: String
    image: JSON
    price_range: String
    prices: JSON
    is_new: JSON
    is_redesigned: JSON
    colours: JSON
    regions: [String!]
    bcProduct: CommerceProduct
  }

  input ProductAttributeInput {
    attribute: String!
    values: [String!]!
  }

  type AutomatedRelatedProducts {
    "Commerce product ids, chosen randomly across the category's commerce categories."
    ids: [Int!]!
    "The content uids of the same products, in the same order."
    uids: [String!]!
  }

  type ErrorPage {
    uid: String!
    title: String
    header: String
    main_content: String
    link_text: String
    product_header: String
    banner: JSON
    automated_related_products: JSON
    product_recommendation_page: JSON
    "The page's products that are sold in the commerce region."
    products: [RelatedProduct!]!
  }

  type Query {
    colorGroups(locale: String): [ColorGroup!]!
    relatedProducts(
      uids: [String!]
      ids: [Int!]
      locale: String
      bcRegion: String!
      ctsRegion: String
      includeVariantRetailPrice: Boolean
      currentUid: String
      currentId: Int
      limit: Int
    ): [RelatedProduct!]!
    automatedRelatedProductIds(
      categoryId: String!
      bcRegion: String!
      ctsRegion: String
      locale: String
      productAttributes: [ProductAttributeInput!]
      currentUid: String
      currentId: Int
      limit: Int
    ): AutomatedRelatedProducts!
    errorPage(locale: String, bcRegion: String): ErrorPage
  }
`;

function parseLiteral(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(parseLiteral);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, parseLiteral(field.value)]));
    default:
      throw new GraphQLError('JSON literals cannot use variables.');
  }
}

export function createSchema() {
  const schema = buildSchema(sdl);
  const json = schema.getType('JSON') as GraphQLScalarType;
  json.serialize = (value: unknown) => value;
  json.parseValue = (value: unknown) => value;
  json.parseLiteral = parseLiteral;
  return schema;
}

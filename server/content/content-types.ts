/**
 * The content types of the built-in content service (SPEC §1, §3): every type the storefront reads, each with
 * its full field schema in the hosted service's shape (core/content-schema.ts). The schemas live in
 * server/content/types/* by area; this file is the index. The delivery protocol's /content_types answers them,
 * the management service validates every save against them (core/content-validation.ts), and the editor's
 * forms are generated from them.
 */
import type { ContentTypeSchema } from '#core/content-schema.ts';
import { banner } from './types/banner.ts';
import {
  automatedRelatedProductsConfig,
  categoryGroups,
  categoryProductAddOnConfig,
  colorGroups,
  hideProductAttributes,
  manageProductAttributes,
  product,
  productCategory,
} from './types/catalogue.ts';
import { dealer } from './types/dealer.ts';
import { displayText, duplicateDisplayText } from './types/display-text.ts';
import { blog, blogCategory, page, support, supportCategory, team } from './types/editorial.ts';
import { redirectRules } from './types/redirect-rules.ts';
import {
  brandSettings,
  emailSignupSettings,
  errorPage,
  header,
  mainNav,
  regionsType,
  search,
  topAlert,
} from './types/site.ts';

export type ContentTypeDefinition = ContentTypeSchema;

export const CONTENT_TYPES: readonly ContentTypeSchema[] = [
  header,
  mainNav,
  topAlert,
  banner,
  regionsType,
  brandSettings,
  emailSignupSettings,
  displayText,
  duplicateDisplayText,
  search,
  page,
  blog,
  blogCategory,
  support,
  supportCategory,
  team,
  product,
  productCategory,
  categoryGroups,
  errorPage,
  hideProductAttributes,
  automatedRelatedProductsConfig,
  manageProductAttributes,
  categoryProductAddOnConfig,
  colorGroups,
  dealer,
  redirectRules,
];

const BY_UID = new Map(CONTENT_TYPES.map((type) => [type.uid, type]));

export function contentTypeByUid(uid: string): ContentTypeSchema | undefined {
  return BY_UID.get(uid);
}

/** The content type as the delivery protocol describes it: its full field schema. */
export function describeContentType(type: ContentTypeSchema) {
  return {
    uid: type.uid,
    title: type.title,
    description: type.description,
    options: { ...type.options, is_page: false },
    schema: type.schema,
  };
}

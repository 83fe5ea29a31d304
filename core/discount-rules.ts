/**
 * Which customer group's discount rules apply (SPEC §3 customer store state, §6).
 */

export interface DiscountRule {
  type: string;
  method: string;
  amount: string | number;
  [key: string]: unknown;
}

export interface CustomerGroup {
  id: number;
  name?: string;
  discount_rules?: readonly DiscountRule[] | null;
}

/**
 * §6 says the customer's own group applies when the pro region is exactly 'pro'; everyone else, including the
 * pro_ca and pro_eu_region_1 customers, gets the region's default group. That is kept to the letter: those
 * storefronts price pro customers through their default group.
 */
export function discountRulesFor(
  proRegion: string | null | undefined,
  customerGroup: CustomerGroup | null | undefined,
  defaultGroup: CustomerGroup | null | undefined,
): readonly DiscountRule[] {
  const group = proRegion === 'pro' ? customerGroup : defaultGroup;
  return group?.discount_rules ?? [];
}

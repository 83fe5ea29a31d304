import { describe, expect, it } from 'vitest';
import { typeLeaks } from './port-types.ts';

/** Issue 44's done-when: the storefront's commerce port names no type of the built-in engine's database layer. */
describe('the storefront commerce port (server/commerce/port.ts, decision 0052)', () => {
  it('reaches no type from drizzle-orm or server/commerce/schema*', () => {
    expect(typeLeaks('server/commerce/port.ts', 'StorefrontCommerce')).toEqual([]);
  }, 60_000);

  it('and the back office port (server/commerce/admin-port.ts) none either', () => {
    expect(typeLeaks('server/commerce/admin-port.ts', 'CommerceAdmin')).toEqual([]);
  }, 60_000);

  it('finds an engine row however it is smuggled in: named, inferred or inside a promise', () => {
    const leaks = typeLeaks(
      'server/commerce/port.ts',
      'Leaky',
      undefined,
      [
        "import type { InferSelectModel } from 'drizzle-orm';",
        "import type { carts } from './schema-sales.ts';",
        "import type { DiscountRuleRecord } from './schema-customers.ts';",
        "import type { Commerce } from './index.ts';",
        'export interface Leaky {',
        '  rule: DiscountRuleRecord;',
        '  find(id: string): Promise<InferSelectModel<typeof carts> | null>;',
        "  orders: Pick<Commerce['orders'], 'listForCustomer'>;",
        '  fine(): Promise<{ id: number }>;',
        '}',
      ].join('\n'),
    );
    const paths = leaks.map((leak) => leak.path);
    expect(paths).toContain('Leaky.rule');
    expect(paths).toContain('Leaky.find()<>');
    expect(paths.some((path) => path.endsWith('listForCustomer()<><>.billing_address'))).toBe(true);
    expect(paths.filter((path) => path.includes('fine'))).toEqual([]);
  }, 60_000);
});

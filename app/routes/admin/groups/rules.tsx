import { data, Form, Link, useActionData } from 'react-router';
import { z } from 'zod';
import {
  describeRule,
  RULE_METHODS,
  RULE_TYPES,
  ruleProblems,
  ruleTarget,
} from '#core/discount-rule-edit.ts';
import { parseAmount } from '#core/product-price.ts';
import { can } from '#core/staff-permissions.ts';
import { ConfirmEffect } from '../../../components/backoffice/confirm-effect.tsx';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { REGION_LABELS } from '../../../components/backoffice/money.ts';
import { attemptGuarded, attemptStaff, parseStaffForm, refuse } from '../../../lib/backoffice/form.server.ts';
import { recordIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import customerStyles from '../../../styles/admin-customers.css?url';
import type { Route } from './+types/rules';

/**
 * A customer group's discount rules in the back office (SPEC §3, §6; issue 20): what the group takes off, per
 * everything, a category or a product (named by its SKU), added and removed one rule at a time. A rule that
 * would make a product free is refused; one that lowers a price by more than half shows its effect and is added
 * only when sent again with the confirmation (issue 40, core/money-guard.ts). What a group pays for one product
 * shows on that product's Prices tab.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customerStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.group.name ?? 'Customer group'} discounts | Ridgeline back office` }];
}

const idOf = (params: { groupId?: string }) => recordIdOf(params.groupId, 'There is no such customer group.');

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = await requireStaff(args, 'catalogue:read');
  const id = idOf(args.params);
  const done = await attemptStaff(services, () => services.commerce.groupRulesAdmin.get(id));
  if (!done.ok) throw data({ message: `There is no customer group ${id}.` }, { status: 404 });
  const categories = await services.commerce.groupRulesAdmin.categories();
  const paths = new Map(categories.map((category) => [category.id, category.path]));
  return {
    group: {
      ...done.value,
      rules: done.value.rules.map((rule) => ({
        target: ruleTarget(rule),
        text: describeRule(rule, (id) => paths.get(id)),
      })),
    },
    categories,
    canWrite: can(staff.role, 'catalogue:write'),
  };
}

const blankIsNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const targetId = z.preprocess(blankIsNull, z.coerce.number({ error: 'Choose a category.' }).int().nullable());

const rulesForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    type: z.enum(RULE_TYPES, { error: 'Choose what the rule applies to.' }),
    method: z.enum(RULE_METHODS, { error: 'Choose a method.' }),
    amount: z.string({ error: 'Enter an amount, like 10 or 12.50.' }).transform((text, context) => {
      const parsed = parseAmount(text);
      if (parsed.ok) return parsed.value;
      context.addIssue({ code: 'custom', message: parsed.message.replace('A price', 'An amount') });
      return z.NEVER;
    }),
    categoryId: targetId,
    product: z.string().max(100, 'A SKU is at most 100 characters.').default(''),
    confirmed: z.literal('1').optional(),
  }),
  z.object({
    intent: z.literal('remove'),
    target: z.string().regex(/^(all|category:\d{1,10}|product:\d{1,10})$/, 'Choose a rule to remove.'),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const id = idOf(args.params);
  const parsed = await parseStaffForm(args.request, csrfToken, rulesForm);
  if (!parsed.ok) return parsed.answer;
  const form = parsed.data;
  const admin = services.commerce.groupRulesAdmin;
  if (form.intent === 'remove') {
    const done = await attemptStaff(services, () => admin.removeRule(actor, id, form.target));
    return done.ok ? { ok: true as const, message: 'Rule removed.' } : done.answer;
  }
  let productId: number | null = null;
  if (form.type === 'product') {
    if (form.product.trim() === '')
      return refuse(400, 'Check the highlighted fields.', { product: 'Give the product’s SKU.' });
    const found = await attemptStaff(services, () => admin.productNamed(form.product));
    if (!found.ok) return found.answer;
    productId = found.value.id;
  }
  const rule = {
    type: form.type,
    method: form.method,
    amount: form.amount,
    targetId: form.type === 'category' ? form.categoryId : productId,
  };
  const problems = ruleProblems(rule);
  if (Object.keys(problems).length > 0) {
    const { targetId: target, ...rest } = problems;
    const field = form.type === 'product' ? 'product' : 'categoryId';
    return refuse(400, 'Check the highlighted fields.', { ...rest, ...(target ? { [field]: target } : {}) });
  }
  const done = await attemptGuarded(services, parsed.form, () =>
    admin.addRule(actor, id, rule, { confirmed: form.confirmed === '1' }),
  );
  if (!done.ok) return done.answer;
  return { ok: true as const, message: 'Rule added.' };
}

export default function GroupRulesPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { group, categories, canWrite } = loaderData;
  return (
    <section aria-labelledby="group-title">
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1 id="group-title">{group.name}</h1>
      <FormMessage answer={answer} />
      <ConfirmEffect answer={answer} button="Add the rule anyway" />
      <dl className="admin-facts">
        <dt>Region</dt>
        <dd>{REGION_LABELS[group.regionId] ?? group.regionId}</dd>
        <dt>Prices</dt>
        <dd>
          {group.guests
            ? 'The guest group: guests, standard customers and pro customers outside pro region “pro”.'
            : 'Its members whose pro region is exactly “pro” (§6); the others pay the guest group’s prices.'}
        </dd>
      </dl>

      <h2>Discount rules</h2>
      <p className="admin-muted">
        The most specific rule wins: a product’s rule, then its category’s, then the rule for everything.
        Rules apply to the price that applies now (the sale price while a sale runs).
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              {canWrite ? <th scope="col">Change</th> : null}
            </tr>
          </thead>
          <tbody>
            {group.rules.length === 0 ? (
              <tr>
                <td colSpan={canWrite ? 2 : 1}>No discount: this group pays the listed prices.</td>
              </tr>
            ) : (
              group.rules.map((rule) => (
                <tr key={rule.target}>
                  <td>{rule.text}</td>
                  {canWrite ? (
                    <td>
                      <Form method="post" className="admin-inline-form">
                        <CsrfField />
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="target" value={rule.target} />
                        <button
                          type="submit"
                          className="admin-button admin-button--small admin-button--quiet"
                          aria-label={`Remove the rule: ${rule.text}`}
                        >
                          Remove
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {canWrite ? (
        <>
          <h2>Add a rule</h2>
          <Form method="post" className="admin-form admin-form--narrow" noValidate>
            <CsrfField />
            <input type="hidden" name="intent" value="add" />
            <label htmlFor="rule-type">Applies to</label>
            <select id="rule-type" name="type" defaultValue="all" aria-describedby="type-error">
              <option value="all">Everything</option>
              <option value="category">One category (choose below)</option>
              <option value="product">One product (give its SKU below)</option>
            </select>
            <FieldError answer={answer} name="type" />
            <label htmlFor="rule-category">Category</label>
            <select id="rule-category" name="categoryId" defaultValue="" aria-describedby="categoryId-error">
              <option value="">—</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.path}
                </option>
              ))}
            </select>
            <FieldError answer={answer} name="categoryId" />
            <label htmlFor="rule-product">Product SKU</label>
            <input
              id="rule-product"
              name="product"
              autoComplete="off"
              spellCheck={false}
              aria-describedby="product-hint product-error"
            />
            <span id="product-hint" className="admin-muted">
              The product’s SKU, like RL-1001, or one of its variants’ SKUs.
            </span>
            <FieldError answer={answer} name="product" />
            <label htmlFor="rule-method">Method</label>
            <select id="rule-method" name="method" defaultValue="percent" aria-describedby="method-error">
              <option value="percent">Percent off</option>
              <option value="fixed">Amount off</option>
              <option value="price">Fixed price</option>
            </select>
            <FieldError answer={answer} name="method" />
            <label htmlFor="rule-amount">Amount (percent, or money in the region’s currency)</label>
            <input
              id="rule-amount"
              name="amount"
              inputMode="decimal"
              required
              aria-describedby="amount-error"
            />
            <FieldError answer={answer} name="amount" />
            <button type="submit" className="admin-button">
              Add rule
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}

import { data, Form, useActionData } from 'react-router';
import { z } from 'zod';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FormMessage } from '../../../components/backoffice/form-message.tsx';
import { attemptStaff, parseStaffForm } from '../../../lib/backoffice/form.server.ts';
import { frameProductName, useProductFrame } from '../../../lib/backoffice/product-frame.ts';
import { productIdOf } from '../../../lib/backoffice/record-id.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import productStyles from '../../../styles/admin-product-edit.css?url';
import type { Route } from './+types/options';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * A product's options (issue 20): add a value (its new variants start with stock 0) or retire one (its variants
 * stay, since orders refer to them, and can no longer be bought). Variant SKUs never change.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: productStyles }];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Options of ${frameProductName(matches)} | Ridgeline back office` }];
}

const optionForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    optionId: id,
    value: z.string().trim().min(1, 'Type the new value.').max(40, 'Keep the value under 40 characters.'),
  }),
  z.object({ intent: z.literal('retire'), optionId: id, valueId: id }),
]);

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const productId = productIdOf(args.params);
  const sent = await args.request.clone().formData();
  const optionId = Number(sent.get('optionId')) || null;
  const parsed = await parseStaffForm(args.request, csrfToken, optionForm);
  if (!parsed.ok) return data({ ...parsed.answer.data, optionId }, parsed.answer.init ?? undefined);
  const form = parsed.data;
  const admin = services.commerce.productAdmin;
  if (form.intent === 'add') {
    const done = await attemptStaff(services, () =>
      admin.addOptionValue(actor, productId, form.optionId, form.value),
    );
    if (!done.ok) return data({ ...done.answer.data, optionId }, done.answer.init ?? undefined);
    const { added, revived } = done.value;
    return {
      ok: true as const,
      optionId,
      message: `${form.value} added: ${
        added.length
          ? `${added.length} new variant${added.length === 1 ? '' : 's'} with stock 0`
          : 'no new variants'
      }${revived.length ? `, ${revived.length} earlier variant${revived.length === 1 ? '' : 's'} purchasable again` : ''}.`,
    };
  }
  const done = await attemptStaff(services, () =>
    admin.retireOptionValue(actor, productId, form.optionId, form.valueId),
  );
  if (!done.ok) return data({ ...done.answer.data, optionId }, done.answer.init ?? undefined);
  return {
    ok: true as const,
    optionId,
    message: `${done.value.retired} retired: ${done.value.variants.length} variant${
      done.value.variants.length === 1 ? '' : 's'
    } can no longer be bought.`,
  };
}

/** The product's options as this page names them, from the product the frame loaded. */
function optionsOf(product: ReturnType<typeof useProductFrame>['product']) {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    options: product.options.map((option) => ({
      id: option.id,
      name: option.displayName || option.name,
      values: option.values.map((value) => ({ id: value.entityId, label: value.label })),
    })),
    variants: product.variants,
  };
}

export default function ProductOptionsPage() {
  const frame = useProductFrame();
  const product = optionsOf(frame.product);
  const { canWrite } = frame;
  const answer = useActionData<typeof action>();
  return (
    <>
      <FormMessage answer={answer} />
      {product.options.length === 0 ? <p>This product has no options.</p> : null}
      {product.options.map((option) => {
        const error =
          answer && !answer.ok && answer.optionId === option.id ? answer.fieldErrors.value : undefined;
        return (
          <section key={option.id} className="admin-option-card" aria-labelledby={`option-${option.id}`}>
            <h2 id={`option-${option.id}`}>{option.name}</h2>
            <ul className="admin-values" aria-label={`${option.name} values`}>
              {option.values.map((value) => (
                <li key={value.id}>
                  <span>{value.label}</span>
                  {canWrite && option.values.length > 1 ? (
                    <Form method="post" className="admin-inline-form">
                      <CsrfField />
                      <input type="hidden" name="intent" value="retire" />
                      <input type="hidden" name="optionId" value={option.id} />
                      <input type="hidden" name="valueId" value={value.id} />
                      <button
                        type="submit"
                        className="admin-button admin-button--small admin-button--quiet"
                        aria-label={`Retire ${option.name} ${value.label}`}
                      >
                        Retire
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
            {canWrite ? (
              <Form
                method="post"
                className="admin-inline-form"
                aria-label={`Add a ${option.name} value`}
                noValidate
                key={`add-${option.id}-${option.values.length}`}
              >
                <CsrfField />
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="optionId" value={option.id} />
                <label htmlFor={`add-${option.id}`}>New {option.name.toLowerCase()}</label>
                <input
                  id={`add-${option.id}`}
                  name="value"
                  required
                  maxLength={40}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `add-${option.id}-error` : undefined}
                />
                <button type="submit" className="admin-button admin-button--small">
                  Add
                </button>
                {error ? (
                  <span className="admin-field-error" id={`add-${option.id}-error`}>
                    {error}
                  </span>
                ) : null}
              </Form>
            ) : null}
          </section>
        );
      })}

      <h2>Variants</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Variants of {product.name}</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Options</th>
              <th scope="col" className="num">
                In stock
              </th>
              <th scope="col">Can be bought</th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((variant) => (
              <tr key={variant.id} className={variant.purchasingDisabled ? 'admin-row--muted' : undefined}>
                <th scope="row">{variant.sku}</th>
                <td>{variant.options.map((entry) => `${entry.name}: ${entry.label}`).join(', ')}</td>
                <td className="num">{variant.level}</td>
                <td>{variant.purchasingDisabled ? 'No (retired)' : 'Yes'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

import { useState } from 'react';
import { data, Form, Link, redirect, useActionData } from 'react-router';
import { z } from 'zod';
import { addressFromName, categoryLabels } from '#core/product-text.ts';
import { MAX_OPTIONS, MAX_VARIANTS, splitValues } from '#core/variant-generation.ts';
import { CsrfField } from '../../../components/backoffice/csrf-field.tsx';
import { FieldError, FormMessage } from '../../../components/backoffice/form-message.tsx';
import { REGION_LABELS } from '../../../components/backoffice/money.ts';
import { attemptStaff, parseStaffForm, type refuse } from '../../../lib/backoffice/form.server.ts';
import { requireStaff } from '../../../lib/backoffice/staff-context.server.ts';
import productStyles from '../../../styles/admin-product-edit.css?url';
import type { Route } from './+types/new';

/**
 * A new product (issue 20): both halves at once (the commerce record with its options, generated variants and a
 * retail price per region, and the content entry the storefront's product page reads), unpublished until the
 * merchandiser publishes it on its page.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: productStyles }];

export function meta() {
  return [{ title: 'New product | Ridgeline back office' }];
}

const OPTION_ROWS = Array.from({ length: MAX_OPTIONS }, (_, index) => index + 1);

export async function loader(args: Route.LoaderArgs) {
  const { services } = await requireStaff(args, 'catalogue:write');
  const [categories, regions] = await Promise.all([
    services.commerce.catalogue.listCategories(1, 500),
    Promise.all(
      services.commerce.regionIds.map(async (id) => ({
        id,
        currency: (await services.commerce.store(id)).currency,
      })),
    ),
  ]);
  const labels = categoryLabels(categories.data);
  return {
    categories: categories.data
      .map((category) => ({ id: category.id, label: labels.get(category.id) ?? category.path }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en')),
    regions,
  };
}

const optional = (schema: z.ZodType) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);
const price = optional(
  z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter a price like 229 or 229.95 (a dot for decimals).')
    .transform(Number)
    .refine((value) => value > 0, 'Enter a price above 0.')
    .optional(),
);

const productForm = z
  .looseObject({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the product’s name.')
      .max(120, 'Keep the name under 120 characters.'),
    // Left empty, the address is the name's (addressFromName); the page fills it in as the name is typed.
    slug: z
      .string()
      .trim()
      .max(80, 'Keep the address under 80 characters.')
      .regex(/^([a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'Use lower-case letters, digits and single dashes.')
      .default(''),
    sku: z
      .string()
      .trim()
      .min(1, 'Enter the SKU.')
      .max(40, 'Keep the SKU under 40 characters.')
      .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, 'Use letters, digits and single dashes.')
      .transform((value) => value.toUpperCase()),
    categoryId: z.coerce.number({ error: 'Choose a category.' }).int().positive('Choose a category.'),
    weight: z.coerce
      .number({ error: 'Enter the weight in kg.' })
      .min(0, 'Enter a weight from 0 to 1000 kg.')
      .max(1000, 'Enter a weight from 0 to 1000 kg.'),
    tagline: z.string().trim().max(200, 'Keep the tagline under 200 characters.').default(''),
    description: z.string().trim().max(5000, 'Keep the description under 5,000 characters.').default(''),
    ...Object.fromEntries(
      OPTION_ROWS.flatMap((row) => [
        [`option${row}Name`, z.string().trim().max(40, 'Keep the name under 40 characters.').default('')],
        [`option${row}Values`, z.string().max(2000, 'Too many values.').default('')],
      ]),
    ),
  })
  .superRefine((form, context) => {
    for (const row of OPTION_ROWS) {
      const name = String(form[`option${row}Name`] ?? '');
      const values = splitValues(String(form[`option${row}Values`] ?? ''));
      if (name && values.length === 0)
        context.addIssue({
          code: 'custom',
          path: [`option${row}Values`],
          message: 'Give the option at least one value.',
        });
      if (!name && values.length)
        context.addIssue({
          code: 'custom',
          path: [`option${row}Name`],
          message: 'Name the option (e.g. Colour).',
        });
    }
  });

type Values = Record<string, string>;

/** A refusal with what was typed, so the form (without JavaScript too) shows it again next to the messages. */
function withValues(answer: ReturnType<typeof refuse>, values: Values) {
  return data({ ...answer.data, values }, answer.init ?? undefined);
}

export async function action(args: Route.ActionArgs) {
  const { services, actor, csrfToken } = await requireStaff(args, 'catalogue:write');
  const sent = Object.fromEntries(
    [...(await args.request.clone().formData())].filter(
      ([key, value]) => key !== 'csrf' && typeof value === 'string',
    ),
  ) as Values;
  const prices: Record<string, number> = {};
  const priceErrors: Record<string, string> = {};
  for (const region of services.commerce.regionIds) {
    const parsedPrice = price.safeParse(sent[`price-${region}`]);
    if (!parsedPrice.success) priceErrors[`price-${region}`] = parsedPrice.error.issues[0]!.message;
    else if (typeof parsedPrice.data === 'number') prices[region] = parsedPrice.data;
  }
  const parsed = await parseStaffForm(args.request, csrfToken, productForm);
  if (!parsed.ok) {
    const answer = parsed.answer;
    if (answer.init?.status === 400) Object.assign(answer.data.fieldErrors, priceErrors);
    return withValues(answer, sent);
  }
  const form = parsed.data;
  if (Object.keys(priceErrors).length) {
    return data(
      {
        ok: false as const,
        message: 'Check the highlighted fields.',
        fieldErrors: priceErrors,
        values: sent,
      },
      { status: 400 },
    );
  }
  const options = OPTION_ROWS.map((row) => ({
    name: String(form[`option${row}Name`] ?? ''),
    values: splitValues(String(form[`option${row}Values`] ?? '')),
  })).filter((option) => option.name || option.values.length);
  const done = await attemptStaff(services, () =>
    services.commerce.productAdmin.create(actor, {
      name: form.name,
      slug: form.slug || addressFromName(form.name),
      sku: form.sku,
      categoryId: form.categoryId,
      weight: form.weight,
      tagline: form.tagline,
      description: form.description,
      options,
      prices,
    }),
  );
  if (!done.ok) return withValues(done.answer, sent);
  return redirect(`/admin/products/${done.value.id}?created=1`);
}

export default function NewProductPage({ loaderData }: Route.ComponentProps) {
  const { categories, regions } = loaderData;
  const answer = useActionData<typeof action>();
  const values: Values = answer && 'values' in answer ? answer.values : {};
  const field = (name: string) => ({
    id: `new-${name}`,
    name,
    defaultValue: values[name] ?? '',
    'aria-describedby': `${name}-error`,
    'aria-invalid': answer && !answer.ok && answer.fieldErrors[name] ? true : undefined,
  });
  // The address follows the name until the merchandiser edits it.
  const [slug, setSlug] = useState(values.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(Boolean(values.slug));
  return (
    <section aria-labelledby="new-product-title">
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1 id="new-product-title">New product</h1>
      <p className="admin-muted">
        The product is created unpublished: publish it on its page once it has stock. Its variants are every
        combination of the options’ values (at most {MAX_VARIANTS}), each starting with stock 0.
      </p>
      <FormMessage answer={answer} />
      <Form
        method="post"
        className="admin-form admin-product-form"
        noValidate
        aria-labelledby="new-product-title"
      >
        <CsrfField />
        <fieldset>
          <legend>Product</legend>
          <label htmlFor="new-name">Name</label>
          <input
            {...field('name')}
            required
            maxLength={120}
            autoComplete="off"
            onChange={(event) => {
              if (!slugEdited) setSlug(addressFromName(event.currentTarget.value));
            }}
          />
          <FieldError answer={answer} name="name" />
          <label htmlFor="new-slug">
            Address (the storefront’s /p/…; from the name unless you change it)
          </label>
          <input
            {...field('slug')}
            defaultValue={undefined}
            value={slug}
            onChange={(event) => {
              setSlug(event.currentTarget.value);
              setSlugEdited(event.currentTarget.value !== '');
            }}
            maxLength={80}
            autoComplete="off"
            placeholder="ridgeline-larch-trail"
          />
          <FieldError answer={answer} name="slug" />
          <label htmlFor="new-sku">SKU</label>
          <input {...field('sku')} required maxLength={40} autoComplete="off" placeholder="RS-LARCH" />
          <FieldError answer={answer} name="sku" />
          <label htmlFor="new-categoryId">Main category</label>
          <select {...field('categoryId')} required>
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
          <FieldError answer={answer} name="categoryId" />
          <label htmlFor="new-weight">Weight (kg)</label>
          <input
            {...field('weight')}
            type="number"
            inputMode="decimal"
            step="0.001"
            min="0"
            max="1000"
            required
          />
          <FieldError answer={answer} name="weight" />
        </fieldset>

        <fieldset>
          <legend>Content (the storefront’s product page)</legend>
          <label htmlFor="new-tagline">Tagline</label>
          <input {...field('tagline')} maxLength={200} />
          <FieldError answer={answer} name="tagline" />
          <label htmlFor="new-description">Description (a blank line starts a paragraph)</label>
          <textarea {...field('description')} rows={5} maxLength={5000} />
          <FieldError answer={answer} name="description" />
        </fieldset>

        <fieldset aria-describedby="options-error options-hint">
          <legend>Options</legend>
          <p id="options-hint" className="admin-muted">
            Values separated by commas, e.g. Colour: Spruce, Ember; Size: 21", 25", 30".
          </p>
          <FieldError answer={answer} name="options" />
          {OPTION_ROWS.map((row) => (
            <div key={row} className="admin-option-row">
              <div>
                <label htmlFor={`new-option${row}Name`}>Option {row} name</label>
                <input
                  {...field(`option${row}Name`)}
                  maxLength={40}
                  placeholder={row === 1 ? 'Colour' : row === 2 ? 'Size' : undefined}
                />
                <FieldError answer={answer} name={`option${row}Name`} />
              </div>
              <div>
                <label htmlFor={`new-option${row}Values`}>Option {row} values</label>
                <input {...field(`option${row}Values`)} maxLength={2000} />
                <FieldError answer={answer} name={`option${row}Values`} />
              </div>
            </div>
          ))}
        </fieldset>

        <fieldset aria-describedby="prices-error">
          <legend>Retail prices</legend>
          <FieldError answer={answer} name="prices" />
          {regions.map((region) => (
            <div key={region.id} className="admin-price-row">
              <label htmlFor={`new-price-${region.id}`}>
                {REGION_LABELS[region.id] ?? region.id} ({region.currency})
              </label>
              <input {...field(`price-${region.id}`)} inputMode="decimal" autoComplete="off" />
              <FieldError answer={answer} name={`price-${region.id}`} />
            </div>
          ))}
        </fieldset>

        <button type="submit" className="admin-button">
          Create product
        </button>
      </Form>
    </section>
  );
}

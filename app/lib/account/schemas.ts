import { z } from 'zod';

/** The account forms' schemas (one per form); messages are display-text keys. */

export const emailField = z
  .string()
  .trim()
  .min(1, { error: 'error email required' })
  .pipe(z.email({ error: 'error email' }).max(254, { error: 'error email' }));
export const newPassword = z
  .string()
  .min(8, { error: 'error password short' })
  .max(200, { error: 'error password long' });
const name = z.string().trim().min(1, { error: 'error required' }).max(100, { error: 'error too long' });

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, { error: 'error password required' })
    .max(200, { error: 'error password long' }),
  returnTo: z.string().max(2000).optional(),
  token: z.string().max(4000).optional(),
});

export const createAccountSchema = z.object({
  first_name: name,
  last_name: name,
  email: emailField,
  password: newPassword,
  returnTo: z.string().max(2000).optional(),
  token: z.string().max(4000).optional(),
});

export const profileSchema = z.object({
  first_name: name,
  last_name: name,
  email: emailField,
  phone: z.string().trim().max(40, { error: 'error too long' }).optional(),
  current_password: z.string().max(200).optional(),
  new_password: z.union([z.literal(''), newPassword]).optional(),
});

export const addressSchema = z.object({
  first_name: name,
  last_name: name,
  company: z.string().trim().max(200, { error: 'error too long' }).optional(),
  address1: z.string().trim().min(1, { error: 'error required' }).max(200, { error: 'error too long' }),
  address2: z.string().trim().max(200, { error: 'error too long' }).optional(),
  city: z.string().trim().min(1, { error: 'error required' }).max(100, { error: 'error too long' }),
  state_or_province: z.string().trim().max(100, { error: 'error too long' }).optional(),
  postal_code: z.string().trim().min(1, { error: 'error required' }).max(20, { error: 'error too long' }),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'error country' }),
  phone: z.string().trim().max(40, { error: 'error too long' }).optional(),
});

export const proApplicationSchema = z.object({
  organization: z.string().trim().min(1, { error: 'error required' }).max(200, { error: 'error too long' }),
  profession: z.enum(['guide', 'patrol', 'instructor', 'retail', 'athlete', 'employee'], {
    error: 'error required',
  }),
  certification: z.string().trim().min(1, { error: 'error required' }).max(100, { error: 'error too long' }),
  website: z
    .union([z.literal(''), z.url({ error: 'error url' }).max(300, { error: 'error too long' })])
    .optional(),
});

export const proCreateSchema = createAccountSchema.extend(proApplicationSchema.shape);

/**
 * The application as the 'Pro Code' JSON stores it, with the locale segment it was sent from (the pro team's
 * decision is mailed in it).
 */
export function proApplication(
  input: z.infer<typeof proApplicationSchema>,
  locale?: string,
): Record<string, string> {
  return {
    organization: input.organization,
    profession: input.profession,
    certification: input.certification,
    ...(input.website ? { website: input.website } : {}),
    ...(locale ? { locale } : {}),
  };
}

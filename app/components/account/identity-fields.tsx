import type { FieldErrors } from '../../lib/account/forms.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { FormField } from './form-field.tsx';

/**
 * First name, last name and email, and (for a new account) its password: the block shared by account
 * creation, pro account creation and the profile, so the fields' names, autocomplete hints and messages stay
 * the same everywhere.
 */
export function IdentityFields({
  errors,
  values,
  withPassword = false,
}: {
  errors: FieldErrors;
  values: { first_name?: string; last_name?: string; email?: string };
  /** Adds the new account's `password` field (the profile changes its password in a fieldset of its own). */
  withPassword?: boolean;
}) {
  const t = useText();
  return (
    <>
      <div className="field-row">
        <FormField
          name="first_name"
          label={t('first name')}
          autoComplete="given-name"
          error={errors.first_name}
          defaultValue={values.first_name}
        />
        <FormField
          name="last_name"
          label={t('last name')}
          autoComplete="family-name"
          error={errors.last_name}
          defaultValue={values.last_name}
        />
      </div>
      <FormField
        name="email"
        type="email"
        label={t('email')}
        autoComplete="email"
        error={errors.email}
        defaultValue={values.email}
      />
      {withPassword ? (
        <FormField
          name="password"
          type="password"
          label={t('password')}
          autoComplete="new-password"
          error={errors.password}
          hint={t('password hint')}
        />
      ) : null}
    </>
  );
}

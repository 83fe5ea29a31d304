import type { FieldErrors } from '../../lib/account/forms.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { FormField } from '../account/form-field.tsx';

export const PRO_PROFESSIONS = ['guide', 'patrol', 'instructor', 'retail', 'athlete', 'employee'] as const;

/** The pro code information a pro application collects (stored as the 'Pro Code' JSON, §3). */
export function ProFields({
  errors = {},
  values = {},
}: {
  errors?: FieldErrors;
  values?: Record<string, string>;
}) {
  const t = useText();
  return (
    <fieldset className="fieldset">
      <legend>{t('pro details')}</legend>
      <FormField
        name="organization"
        label={t('pro organization')}
        autoComplete="organization"
        error={errors.organization}
        defaultValue={values.organization}
      />
      <FormField name="profession" label={t('pro profession')} error={errors.profession}>
        <select id="field-profession" name="profession" defaultValue={values.profession ?? ''}>
          <option value="">{t('choose')}</option>
          {PRO_PROFESSIONS.map((profession) => (
            <option key={profession} value={profession}>
              {t(`pro profession ${profession}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        name="certification"
        label={t('pro certification')}
        error={errors.certification}
        defaultValue={values.certification}
        hint={t('pro certification hint')}
      />
      <FormField
        name="website"
        type="url"
        label={t('pro website')}
        error={errors.website}
        defaultValue={values.website}
        required={false}
      />
    </fieldset>
  );
}

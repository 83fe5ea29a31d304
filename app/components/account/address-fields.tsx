import { useState } from 'react';
import { COUNTRIES } from '#core/countries.ts';
import { CA_PROVINCES, US_STATES } from '#core/states.ts';
import type { FieldErrors } from '../../lib/account/forms.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useHydrated } from '../../lib/router/use-hydrated.ts';
import { FormField } from './form-field.tsx';

export interface AddressValues {
  first_name?: string;
  last_name?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state_or_province?: string;
  postal_code?: string;
  country_code?: string;
  phone?: string;
}

const SHIPPABLE = COUNTRIES.filter((country) => /^[a-z]{2}$/.test(country.iso));

/**
 * Address inputs with the country and state/province pickers (§3 options, §9 lists). Without JavaScript the
 * state list holds US states and Canadian provinces together; with it, only the chosen country's.
 */
export function AddressFields({
  prefix = '',
  values = {},
  errors = {},
  defaultCountry = 'us',
}: {
  prefix?: string;
  values?: AddressValues;
  errors?: FieldErrors;
  defaultCountry?: string;
}) {
  const t = useText();
  const hydrated = useHydrated();
  const [country, setCountry] = useState((values.country_code ?? defaultCountry).toLowerCase());
  const name = (field: string) => `${prefix}${field}`;
  const section = prefix.startsWith('bill') ? 'billing' : 'shipping';
  const err = (field: string) => errors[name(field)];
  const showUs = !hydrated || country === 'us';
  const showCa = !hydrated || country === 'ca';
  const stateId = `field-${name('state_or_province')}`;
  const wantsState = !hydrated || country === 'us' || country === 'ca';
  return (
    <>
      <div className="field-row">
        <FormField
          name={name('first_name')}
          label={t('first name')}
          autoComplete={`${section} given-name`}
          defaultValue={values.first_name}
          error={err('first_name')}
        />
        <FormField
          name={name('last_name')}
          label={t('last name')}
          autoComplete={`${section} family-name`}
          defaultValue={values.last_name}
          error={err('last_name')}
        />
      </div>
      <FormField
        name={name('company')}
        label={t('company')}
        autoComplete="organization"
        defaultValue={values.company}
        error={err('company')}
        required={false}
      />
      <FormField
        name={name('address1')}
        label={t('street address')}
        autoComplete={`${section} address-line1`}
        defaultValue={values.address1}
        error={err('address1')}
      />
      <FormField
        name={name('address2')}
        label={t('address line 2')}
        autoComplete={`${section} address-line2`}
        defaultValue={values.address2}
        error={err('address2')}
        required={false}
      />
      <div className="field-row">
        <FormField
          name={name('city')}
          label={t('city')}
          autoComplete={`${section} address-level2`}
          defaultValue={values.city}
          error={err('city')}
        />
        <FormField
          name={name('postal_code')}
          label={t('postal code')}
          autoComplete={`${section} postal-code`}
          defaultValue={values.postal_code}
          error={err('postal_code')}
        />
      </div>
      <div className="field-row">
        <FormField name={name('country_code')} label={t('country')} error={err('country_code')}>
          <select
            id={`field-${name('country_code')}`}
            name={name('country_code')}
            value={country.toUpperCase()}
            onChange={(event) => setCountry(event.target.value.toLowerCase())}
            autoComplete={`${section} country`}
          >
            {SHIPPABLE.map((option) => (
              <option key={option.iso} value={option.iso.toUpperCase()}>
                {option.text}
              </option>
            ))}
          </select>
        </FormField>
        {wantsState ? (
          <FormField
            name={name('state_or_province')}
            label={t('state or province')}
            error={err('state_or_province')}
          >
            <select
              id={stateId}
              name={name('state_or_province')}
              defaultValue={values.state_or_province ?? ''}
              aria-invalid={err('state_or_province') ? true : undefined}
            >
              <option value="">{t('choose')}</option>
              {showUs ? (
                <optgroup label={t('us states')}>
                  {US_STATES.map((state) => (
                    <option key={`us-${state.code}`} value={state.code}>
                      {state.text}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {showCa ? (
                <optgroup label={t('canadian provinces')}>
                  {CA_PROVINCES.map((state) => (
                    <option key={`ca-${state.code}`} value={state.code}>
                      {state.text}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </FormField>
        ) : (
          <FormField
            name={name('state_or_province')}
            label={t('region')}
            defaultValue={values.state_or_province}
            error={err('state_or_province')}
            required={false}
          />
        )}
      </div>
      <FormField
        name={name('phone')}
        type="tel"
        label={t('phone')}
        autoComplete="tel"
        defaultValue={values.phone}
        error={err('phone')}
        required={false}
      />
    </>
  );
}

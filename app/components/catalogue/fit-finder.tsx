import { type ReactNode, useEffect } from 'react';
import { Form, Link } from 'react-router';
import type { CategoryFit, FitFormValues, ProductFit } from '../../lib/catalogue/fit-query.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useTracking } from './use-tracking.ts';

/**
 * "Find your size" (issue 45, decision 0040): a GET form that works without JavaScript, so the question lives in
 * the page's URL and nothing is stored. The server phrases the answer (fit-finder.server.ts); this renders it. An
 * analytics event on use (after consent) names the outcome, never the weights.
 */

const TERRAINS = ['flat-rolling', 'mountain', 'backcountry'] as const;
const SNOWS = ['packed', 'mixed', 'powder'] as const;

function useFitEvent(page: string, values: FitFormValues, outcome: string | null, size: string | null) {
  const track = useTracking();
  const key = outcome && `${outcome}|${size}|${values.terrain}|${values.snow}|${values.unit}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per answer shown, keyed by what it says
  useEffect(() => {
    if (!outcome) return;
    track({
      event: 'fit_finder',
      fit_page: page,
      fit_outcome: outcome,
      fit_size: size,
      fit_terrain: values.terrain,
      fit_snow: values.snow,
      fit_unit: values.unit,
    });
  }, [key, track]);
}

function FitFinder({
  fit,
  page,
  size,
  children,
}: {
  fit: ProductFit | CategoryFit;
  page: string;
  size: string | null;
  children: ReactNode;
}) {
  const t = useText();
  const { values, errors } = fit;
  useFitEvent(page, values, fit.outcome, size);
  const field = (name: 'weight' | 'pack', label: string) => (
    <div className="fit-finder__field">
      <label htmlFor={`fit-${name}`}>{label}</label>
      <input
        id={`fit-${name}`}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        size={6}
        maxLength={12}
        required={name === 'weight'}
        defaultValue={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `fit-${name}-error` : undefined}
      />
      {errors[name] ? (
        <span className="fit-finder__error" id={`fit-${name}-error`}>
          {errors[name]}
        </span>
      ) : null}
    </div>
  );
  return (
    <details className="fit-finder" open={Boolean(fit.outcome) || Boolean(errors.weight || errors.pack)}>
      <summary>{t('find your size')}</summary>
      <p className="fit-finder__intro">{t(page === 'product' ? 'fit intro' : 'fit intro category')}</p>
      <Form method="get" className="fit-finder__form" preventScrollReset replace key={JSON.stringify(values)}>
        {fit.keep.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <div className="fit-finder__weights">
          {field('weight', t('fit weight'))}
          {field('pack', t('fit pack weight'))}
          <div className="fit-finder__field">
            <label htmlFor="fit-unit">{t('fit unit')}</label>
            <select id="fit-unit" name="unit" defaultValue={values.unit}>
              <option value="kg">{t('fit unit kg')}</option>
              <option value="lb">{t('fit unit lb')}</option>
            </select>
          </div>
        </div>
        {(
          [
            ['terrain', TERRAINS],
            ['snow', SNOWS],
          ] as const
        ).map(([name, options]) => (
          <fieldset key={name} className="fit-finder__choices">
            <legend>{t(`fit ${name}`)}</legend>
            {options.map((option) => (
              <label key={option}>
                <input type="radio" name={name} value={option} defaultChecked={values[name] === option} />
                <span>{t(`fit ${name} ${option.replace('-', ' ')}`)}</span>
              </label>
            ))}
          </fieldset>
        ))}
        <button type="submit" className="button button--ghost">
          {t('fit submit')}
        </button>
        <p className="fit-finder__privacy">{t('fit privacy')}</p>
      </Form>
      <div className="fit-finder__result" role="status">
        {children}
      </div>
    </details>
  );
}

/** On a snowshoe's page, beside the size picker, which shows the answer's size chosen. */
export function ProductFitFinder({ fit }: { fit: ProductFit }) {
  return (
    <FitFinder fit={fit} page="product" size={fit.size}>
      {fit.sentences.map((sentence, index) => (
        <p key={sentence} className={index === 0 && fit.size ? 'fit-finder__size' : undefined}>
          {sentence}
        </p>
      ))}
    </FitFinder>
  );
}

/** On a snowshoe category's page: the question as a filter in the URL, and the snowshoes that carry it. */
export function CategoryFitFinder({ fit }: { fit: CategoryFit }) {
  const t = useText();
  return (
    <FitFinder fit={fit} page="category" size={null}>
      {fit.heading ? (
        <>
          <p className="fit-finder__size">{fit.heading}</p>
          {fit.matches.length > 0 ? (
            <ul className="fit-finder__matches">
              {fit.matches.map((match) => (
                <li key={match.id}>
                  <Link to={match.href}>{match.title}</Link>
                  <span className="fit-finder__match-size">{match.size}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {fit.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
          <p>
            <Link to={`?${new URLSearchParams(fit.keep)}`} preventScrollReset>
              {t('fit clear')}
            </Link>
          </p>
        </>
      ) : null}
    </FitFinder>
  );
}

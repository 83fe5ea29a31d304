import type { ReactNode } from 'react';
import type { CategoryFitView, FitView, ProductFitView } from '../../lib/catalogue/fit-query.ts';
import type { Translate } from '../../lib/catalogue/fit-sentences.ts';

/**
 * The fit finder's markup (issue 45), rendered to HTML on the server only (fit-finder.server.ts): a plain GET form
 * and its answer, so the pages that show it carry no JavaScript for it and it works the same without JavaScript.
 */

const TERRAINS = ['flat-rolling', 'mountain', 'backcountry'] as const;
const SNOWS = ['packed', 'mixed', 'powder'] as const;

function FitFinder({
  fit,
  intro,
  t,
  children,
}: {
  fit: FitView;
  intro: string;
  t: Translate;
  children: ReactNode;
}) {
  const { values, errors } = fit;
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
      <p className="fit-finder__intro">{intro}</p>
      <form method="get" className="fit-finder__form">
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
      </form>
      <div className="fit-finder__result" role="status">
        {children}
      </div>
    </details>
  );
}

/** On a snowshoe's page, beside the size picker (which shows the answer's size chosen). */
export function ProductFitMarkup({ fit, t }: { fit: ProductFitView; t: Translate }) {
  return (
    <FitFinder fit={fit} intro={t('fit intro')} t={t}>
      {fit.sentences.map((sentence, index) => (
        <p key={sentence} className={index === 0 && fit.size ? 'fit-finder__size' : undefined}>
          {sentence}
        </p>
      ))}
    </FitFinder>
  );
}

/** On a snowshoe category's page: the question as a filter in the URL, and the snowshoes that carry it. */
export function CategoryFitMarkup({ fit, t }: { fit: CategoryFitView; t: Translate }) {
  return (
    <FitFinder fit={fit} intro={t('fit intro category')} t={t}>
      {fit.heading ? (
        <>
          <p className="fit-finder__size">{fit.heading}</p>
          {fit.matches.length > 0 ? (
            <ul className="fit-finder__matches">
              {fit.matches.map((match) => (
                <li key={match.id}>
                  <a href={match.href}>{match.title}</a>
                  <span className="fit-finder__match-size">{match.size}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {fit.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
          <p>
            <a href={`?${new URLSearchParams(fit.keep)}`}>{t('fit clear')}</a>
          </p>
        </>
      ) : null}
    </FitFinder>
  );
}

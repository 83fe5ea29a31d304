import { FIT_LIMITS, fromKg, type WeightUnit } from '#core/fit-finder.ts';
import type { FitRequest, FitResult } from './fit-query.ts';

/**
 * The fit finder's sentences (issue 45), built on the server from the rule's structured reasons and the page's
 * display text, so the browser receives finished strings and no code to phrase them.
 */

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export function weightIn(value: number, unit: WeightUnit, locale: string, t: Translate): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${t(`fit unit ${unit}`)}`;
}

/** The answer as sentences in the shopper's language. */
export function fitSentences(result: FitResult, locale: string, t: Translate): string[] {
  const load = weightIn(result.total, result.unit, locale, t);
  if (result.kind === 'no-ranges') return [t('fit no ranges')];
  if (result.kind === 'too-heavy')
    return [
      t('fit too heavy', {
        load,
        size: result.largestSize,
        max: weightIn(fromKg(result.largestMaxKg, result.unit), result.unit, locale, t),
      }),
    ];
  const sentences = [t('fit reason chart', { load, size: result.chartSize })];
  if (result.belowChart) sentences.push(t('fit reason below chart'));
  if (result.largestAlready) sentences.push(t('fit reason largest', { size: result.size }));
  else if (result.floatReasons.length > 0) sentences.push(t(`fit reason ${result.floatReasons.join(' ')}`));
  return sentences;
}

/** Each refused field's message, with the limits of the unit the shopper chose. */
export function fitErrors(
  errors: FitRequest['errors'],
  unit: WeightUnit,
  t: Translate,
): Partial<Record<'weight' | 'pack', string>> {
  const limits = FIT_LIMITS[unit];
  const unitText = t(`fit unit ${unit}`);
  return {
    ...(errors.weight
      ? { weight: t(errors.weight, { min: limits.weight.min, max: limits.weight.max, unit: unitText }) }
      : {}),
    ...(errors.pack ? { pack: t(errors.pack, { max: limits.pack.max, unit: unitText }) } : {}),
  };
}

import { z } from 'zod';
import {
  FIT_LIMITS,
  FIT_SNOWS,
  FIT_TERRAINS,
  type FitAnswer,
  type FitQuery,
  type FitSnow,
  type FitTerrain,
  WEIGHT_UNITS,
  type WeightUnit,
} from '#core/fit-finder.ts';

/**
 * The fit finder's form as it travels in the URL (GET, issue 45): `weight`, `pack`, `unit`, `terrain`, `snow`.
 * Read on the server for the product and category pages; the page refills the form from `values`, so a link
 * keeps the whole question and nothing about the shopper is stored anywhere else.
 */

export const FIT_PARAMS = ['weight', 'pack', 'unit', 'terrain', 'snow'] as const;

export interface FitFormValues {
  weight: string;
  pack: string;
  unit: WeightUnit;
  terrain: FitTerrain;
  snow: FitSnow;
}

export interface FitRequest {
  values: FitFormValues;
  /** The question, when the form was sent and every field holds. */
  query: FitQuery | null;
  /** The display-text key of each refused field's message. */
  errors: Partial<Record<'weight' | 'pack', string>>;
  submitted: boolean;
}

/** The answer a page shows, with what its sentence needs in the shopper's unit. */
export type FitResult = FitAnswer & {
  /** Body and pack in the unit the shopper typed. */
  total: number;
  unit: WeightUnit;
};

// A German shopper types 95,5: a decimal comma reads as a point.
const number = (max: number, min: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}([.,]\d+)?$/)
    .transform((value) => Number(value.replace(',', '.')))
    .pipe(z.number().min(min).max(max));

export function readFitRequest(search: URLSearchParams, defaultUnit: WeightUnit): FitRequest {
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = search.get(name);
    return allowed.includes(value as T) ? (value as T) : fallback;
  };
  const values: FitFormValues = {
    weight: (search.get('weight') ?? '').slice(0, 12),
    pack: (search.get('pack') ?? '').slice(0, 12),
    unit: pick('unit', WEIGHT_UNITS, defaultUnit),
    terrain: pick('terrain', FIT_TERRAINS, 'flat-rolling'),
    snow: pick('snow', FIT_SNOWS, 'packed'),
  };
  const submitted = search.has('weight');
  if (!submitted) return { values, query: null, errors: {}, submitted };
  const limits = FIT_LIMITS[values.unit];
  const weight = number(limits.weight.max, limits.weight.min).safeParse(values.weight);
  const pack = number(limits.pack.max, 0).safeParse(values.pack || '0');
  const errors: FitRequest['errors'] = {};
  if (!weight.success) errors.weight = 'fit error weight';
  if (!pack.success) errors.pack = 'fit error pack';
  const query =
    weight.success && pack.success
      ? {
          weight: weight.data,
          packWeight: pack.data,
          unit: values.unit,
          terrain: values.terrain,
          snow: values.snow,
        }
      : null;
  return { values, query, errors, submitted };
}

/** The answer with its total in the shopper's unit (the exact sum they typed, not a conversion back). */
export function fitResult(answer: FitAnswer, query: FitQuery): FitResult {
  return { ...answer, total: Math.round((query.weight + query.packWeight) * 10) / 10, unit: query.unit };
}

/** The search of a product link that carries the question on (the product page preselects the size). */
export function fitSearch(values: FitFormValues): string {
  const params = new URLSearchParams();
  for (const name of FIT_PARAMS) params.set(name, values[name]);
  return params.toString();
}

/** What a fit finder's markup shows: finished strings from the server (fit-finder-markup.tsx). */
export interface FitView {
  values: FitFormValues;
  /** Each refused field's message. */
  errors: Partial<Record<'weight' | 'pack', string>>;
  /** Other search parameters of the page (colour, sort, filters), kept when the form is sent. */
  keep: [string, string][];
  /** What the answer was; null before the form is sent. */
  outcome: 'size' | 'no-ranges' | 'too-heavy' | 'matches' | 'no-matches' | null;
}

export interface ProductFitView extends FitView {
  /** The recommended size, which the size picker shows chosen. */
  size: string | null;
  sentences: string[];
}

export interface CategoryFitMatch {
  id: number;
  title: string;
  /** The product page with the question carried on, so its size picker shows the size preselected. */
  href: string;
  size: string;
}

export interface CategoryFitView extends FitView {
  heading: string | null;
  matches: CategoryFitMatch[];
  /** The load too heavy for some, the products without a chart. */
  notes: string[];
}

/** What a page receives: the fit finder as server-rendered HTML, the size to preselect and the analytics event. */
export interface FitSlot {
  html: string;
  size: string | null;
  /** The event's fields on use (never the weights); null before the form is sent. */
  event: {
    fit_outcome: string;
    fit_size: string | null;
    fit_terrain: string;
    fit_snow: string;
    fit_unit: string;
  } | null;
}

/** The page's other search parameters, which the fit form sends along (a page number starts over). */
export function keptParams(search: URLSearchParams): [string, string][] {
  return [...search]
    .filter(([name]) => !(FIT_PARAMS as readonly string[]).includes(name) && name !== 'page')
    .slice(0, 20);
}

import { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * The §7 image query parameters, validated at the edge with zod and normalised so that equal requests share one
 * cache entry. Unknown parameters are ignored (and left out of the cache key); a known one given twice, out of
 * range or malformed is a 400.
 */
export const OUTPUT_FORMATS = ['webp', 'avif', 'jpeg', 'png', 'gif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export type RequestedFormat = OutputFormat | 'auto';

/** dpi values a request may name; output size scales by dpi / 72 (72 = the size asked for, 144 = twice it). */
export const ALLOWED_DPI = [72, 96, 120, 144, 192, 216, 288] as const;
export const BASE_DPI = 72;
export const DEFAULT_QUALITY = 75;

export interface ImageParams {
  w?: number;
  maxW?: number;
  maxH?: number;
  fmt?: RequestedFormat;
  interlaced: boolean;
  /** Background as #rrggbb. */
  bg?: string;
  qlt: number;
  dpi?: number;
  /** sm=aspect&aspect=W:H */
  aspect?: { w: number; h: number };
  /** scaleFit=poi: crop around the asset's point of interest. */
  poi: boolean;
  metadata: boolean;
}

const KNOWN = [
  'w',
  'maxW',
  'maxH',
  'fmt',
  'fmt.interlaced',
  'bg',
  'qlt',
  'dpi',
  'sm',
  'aspect',
  'scaleFit',
  'protocol',
  'metadata',
] as const;

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

function dimension(max: number) {
  const message = `must be a whole number of pixels from 1 to ${max}`;
  return z
    .string()
    .regex(/^\d{1,6}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(max, { error: message }));
}

const quality = z
  .string()
  .regex(/^\d{1,3}$/, { error: 'must be a whole number from 1 to 100' })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, { error: 'must be a whole number from 1 to 100' })
      .max(100, { error: 'must be a whole number from 1 to 100' }),
  );

const dpi = z
  .string()
  .regex(/^\d{2,3}$/, { error: `must be one of ${ALLOWED_DPI.join(', ')}` })
  .transform(Number)
  .refine((v) => (ALLOWED_DPI as readonly number[]).includes(v), {
    error: `must be one of ${ALLOWED_DPI.join(', ')}`,
  });

const format = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(
    z.enum(['auto', 'webp', 'avif', 'jpg', 'jpeg', 'png', 'gif'], {
      error: 'must be one of auto, webp, avif, jpg, jpeg, png, gif',
    }),
  )
  .transform((v): RequestedFormat => (v === 'jpg' ? 'jpeg' : v));

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/** A colour as #rgb, #rrggbb (the # optional) or rgb(r,g,b), normalised to lower-case #rrggbb. */
export function parseColour(value: string): string | null {
  const hex = HEX.exec(value);
  if (hex) {
    const digits = hex[1]!.toLowerCase();
    return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
  }
  const rgb = RGB.exec(value);
  if (rgb) {
    const parts = [rgb[1], rgb[2], rgb[3]].map(Number);
    if (parts.some((p) => p > 255)) return null;
    return `#${parts.map((p) => p.toString(16).padStart(2, '0')).join('')}`;
  }
  return null;
}

const colour = z.string().transform((value, ctx) => {
  const parsed = parseColour(value);
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: 'must be a colour such as ffffff, #fff or rgb(255,255,255)' });
    return z.NEVER;
  }
  return parsed;
});

const aspect = z
  .string()
  .regex(/^\d{1,4}:\d{1,4}$/, { error: 'must be two whole numbers as W:H, such as 4:3' })
  .transform((v) => {
    const [w, h] = v.split(':').map(Number) as [number, number];
    return { w, h };
  })
  .refine(({ w, h }) => w > 0 && h > 0 && w / h <= 20 && h / w <= 20, {
    error: 'must be two whole numbers as W:H above 0, no longer than 20:1',
  });

function schemaFor(maxDimension: number) {
  return z.object({
    w: dimension(maxDimension).optional(),
    maxW: dimension(maxDimension).optional(),
    maxH: dimension(maxDimension).optional(),
    fmt: format.optional(),
    'fmt.interlaced': bool.optional(),
    bg: colour.optional(),
    qlt: quality.optional(),
    dpi: dpi.optional(),
    sm: z.enum(['aspect'], { error: "must be 'aspect'" }).optional(),
    aspect: aspect.optional(),
    scaleFit: z.enum(['poi'], { error: "must be 'poi'" }).optional(),
    protocol: z.enum(['https', 'http'], { error: "must be 'https'" }).optional(),
    metadata: bool.optional(),
  });
}

const schemas = new Map<number, ReturnType<typeof schemaFor>>();

/** Parses the query of an image request; throws a 400 MediaError naming the first bad parameter. */
export function parseImageParams(query: URLSearchParams, maxDimension: number): ImageParams {
  const raw: Record<string, string> = {};
  for (const key of KNOWN) {
    const values = query.getAll(key);
    if (values.length > 1) throw badRequest(`The parameter ${key} is given more than once.`);
    if (values.length === 1) raw[key] = values[0]!;
  }
  let schema = schemas.get(maxDimension);
  if (!schema) {
    schema = schemaFor(maxDimension);
    schemas.set(maxDimension, schema);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0]);
    throw badRequest(`The parameter ${key}=${JSON.stringify(raw[key] ?? '')} ${issue.message}.`);
  }
  const p = parsed.data;
  if (p.aspect && !p.sm) throw badRequest('The parameter aspect needs sm=aspect.');
  if (p.sm && !p.aspect) throw badRequest('The parameter sm=aspect needs aspect, such as aspect=4:3.');
  return {
    ...(p.w !== undefined && { w: p.w }),
    ...(p.maxW !== undefined && { maxW: p.maxW }),
    ...(p.maxH !== undefined && { maxH: p.maxH }),
    ...(p.fmt !== undefined && { fmt: p.fmt }),
    interlaced: p['fmt.interlaced'] ?? false,
    ...(p.bg !== undefined && { bg: p.bg }),
    qlt: p.qlt ?? DEFAULT_QUALITY,
    ...(p.dpi !== undefined && { dpi: p.dpi }),
    ...(p.aspect && { aspect: reduceAspect(p.aspect) }),
    poi: p.scaleFit === 'poi',
    metadata: p.metadata ?? false,
  };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** 210:280 and 3:4 are the same crop: reduce so they share a cache entry. */
function reduceAspect({ w, h }: { w: number; h: number }): { w: number; h: number } {
  const d = gcd(w, h);
  return { w: w / d, h: h / d };
}

/** A stable text of the parameters that change the rendered pixels (the cache key's parameter part). */
export function normaliseParams(p: ImageParams, format: OutputFormat): string {
  return [
    `w=${p.w ?? ''}`,
    `maxW=${p.maxW ?? ''}`,
    `maxH=${p.maxH ?? ''}`,
    `fmt=${format}`,
    `il=${p.interlaced ? 1 : 0}`,
    `bg=${p.bg ?? ''}`,
    `q=${p.qlt}`,
    `dpi=${p.dpi ?? ''}`,
    `aspect=${p.aspect ? `${p.aspect.w}:${p.aspect.h}` : ''}`,
    `poi=${p.poi ? 1 : 0}`,
  ].join('&');
}

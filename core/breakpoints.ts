/**
 * Responsive breakpoints (SPEC §4 responsive state, §5 breakpoint definitions, §8, §9). The validation and
 * messages follow the Vue3Mq library of the original, in React's idiom: pure functions, with the library's
 * console output delivered through a logger that defaults to the console.
 */
import { BREAKPOINT_PRESETS, type BreakpointPreset } from './breakpoint-presets.ts';

export interface Breakpoint {
  name: string;
  min: number;
}

export type Orientation = 'landscape' | 'portrait';
export type Theme = 'light' | 'dark';
export type Motion = 'no-preference' | 'reduce';

export interface BreakpointLogger {
  warn: (message: string) => void;
  error: (message: string) => void;
}

const consoleLogger: BreakpointLogger = {
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

/** §9 default breakpoints. */
export const DEFAULT_BREAKPOINTS = {
  xxxs: 0,
  xxs: 480,
  xs: 600,
  sm: 769,
  md: 900,
  lg: 1024,
  xl: 1200,
  xxl: 1440,
} as const;
export const DEFAULT_BREAKPOINT = 'xl';
/** §9 store default width: what the server assumes before the browser reports its own. */
export const DEFAULT_STORE_WIDTH = 1024;
export const MOBILE_THRESHOLD = 1024;
export const PHONE_THRESHOLD = 768;

/** §8: the breakpoint API used outside its provider (the library's "not installed" error). */
export const BREAKPOINTS_NOT_INSTALLED =
  'Breakpoints are not installed in this app. Render a breakpoint provider above this component.';
export const BREAKPOINTS_SETUP_ERROR =
  'Breakpoints: you must provide a valid preset, or valid breakpoint settings.';

/**
 * §5: keys start with a letter and contain only letters, digits and underscores; values are numbers of zero or
 * more. Invalid entries are skipped with a warning; a missing zero breakpoint or duplicate values warn.
 * Returns the valid breakpoints sorted by width, or null when none is valid.
 */
export function sanitiseBreakpoints(
  definitions: unknown,
  logger: BreakpointLogger = consoleLogger,
): Breakpoint[] | null {
  if (!definitions || typeof definitions !== 'object') return null;
  const valid: Breakpoint[] = [];
  for (const [key, raw] of Object.entries(definitions)) {
    if (!/^[a-z][a-z0-9_]*$/i.test(key)) {
      logger.warn(
        `Breakpoints: "${key}" is an invalid breakpoint key. Breakpoint keys must start with a letter and contain only alphanumeric characters and underscores. Skipping.`,
      );
      continue;
    }
    const min =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
    if (!Number.isFinite(min) || min < 0) {
      logger.warn(
        `Breakpoints: "${key}: ${String(raw)}" is not a valid breakpoint. Breakpoints should be a number of zero or above. Skipping.`,
      );
      continue;
    }
    valid.push({ name: key, min });
  }
  if (!valid.some((breakpoint) => breakpoint.min === 0)) {
    logger.warn(
      'Breakpoints: you have not declared a breakpoint with a minimum value of 0. There may be screen sizes to which the breakpoints do not respond.',
    );
  }
  if (new Set(valid.map((breakpoint) => breakpoint.min)).size < valid.length) {
    logger.warn(
      'Breakpoints: your breakpoint configuration contains duplicate values. Behaviour may be unpredictable.',
    );
  }
  return valid.length === 0 ? null : valid.sort((a, b) => a.min - b.min);
}

export interface BreakpointSetup {
  preset?: string;
  breakpoints?: Record<string, unknown>;
  defaultBreakpoint?: string;
  defaultOrientation?: string;
  defaultTheme?: string;
  defaultMotion?: string;
}

export interface BreakpointConfig {
  breakpoints: Breakpoint[];
  defaultBreakpoint: string;
  defaultOrientation: Orientation | null;
  defaultTheme: Theme | null;
  defaultMotion: Motion | null;
}

function isPreset(name: string): name is BreakpointPreset {
  return Object.hasOwn(BREAKPOINT_PRESETS, name);
}

function validatedDefault<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  what: string,
  logger: BreakpointLogger,
): T | null {
  if (value === undefined) return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  logger.error(`Breakpoints: "${value}" is not a valid default ${what}. Reverting to unset value.`);
  return null;
}

/**
 * Resolves the configuration: explicit breakpoints win, then a preset, then the §9 defaults when neither is
 * asked for. An invalid preset, orientation, theme or motion default logs an error (§8); asking for breakpoints
 * or a preset and getting no valid one throws a TypeError (§5).
 */
export function setupBreakpoints(
  setup: BreakpointSetup = {},
  logger: BreakpointLogger = consoleLogger,
): BreakpointConfig {
  let preset: Record<string, number> | null = null;
  if (setup.preset !== undefined) {
    if (isPreset(setup.preset)) preset = BREAKPOINT_PRESETS[setup.preset];
    else {
      logger.error(
        `Breakpoints: "${setup.preset}" is not a valid preset. Available options are: ${Object.keys(BREAKPOINT_PRESETS).join(', ')}`,
      );
    }
  }
  const own = setup.breakpoints === undefined ? null : sanitiseBreakpoints(setup.breakpoints, logger);
  const asked = setup.preset !== undefined || setup.breakpoints !== undefined;
  if (asked && !own && !preset) throw new TypeError(BREAKPOINTS_SETUP_ERROR);

  const breakpoints = own ?? sanitiseBreakpoints(preset ?? DEFAULT_BREAKPOINTS, logger) ?? [];
  const names = breakpoints.map((breakpoint) => breakpoint.name);
  const wanted = setup.defaultBreakpoint ?? DEFAULT_BREAKPOINT;
  // The default breakpoint is what the server renders for; it must exist, else the widest one is used.
  const defaultBreakpoint = names.includes(wanted) ? wanted : (names.at(-1) as string);

  return {
    breakpoints,
    defaultBreakpoint,
    defaultOrientation: validatedDefault(
      setup.defaultOrientation ?? 'landscape',
      ['landscape', 'portrait'],
      'orientation',
      logger,
    ),
    defaultTheme: validatedDefault(setup.defaultTheme, ['light', 'dark'], 'theme', logger),
    defaultMotion: validatedDefault(
      setup.defaultMotion ?? 'no-preference',
      ['no-preference', 'reduce'],
      'motion preference',
      logger,
    ),
  };
}

/** The breakpoint a width falls in: the widest whose minimum it reaches. */
export function breakpointFor(width: number, breakpoints: readonly Breakpoint[]): string | null {
  let current: string | null = null;
  for (const breakpoint of breakpoints) if (width >= breakpoint.min) current = breakpoint.name;
  return current;
}

/** Media queries per breakpoint, each up to one pixel below the next breakpoint. */
export function breakpointMediaQueries(breakpoints: readonly Breakpoint[]): Record<string, string> {
  return Object.fromEntries(
    breakpoints.map((breakpoint, index) => {
      const next = breakpoints[index + 1];
      const max = next ? ` and (max-width: ${next.min - 1}px)` : '';
      return [breakpoint.name, `(min-width: ${breakpoint.min}px)${max}`];
    }),
  );
}

/** §4: mobile below 1024; phone at most 768; tablet above 768 and at most 1024. */
export function deviceFlags(width: number): { mobile: boolean; phone: boolean; tablet: boolean } {
  return {
    mobile: width < MOBILE_THRESHOLD,
    phone: width <= PHONE_THRESHOLD,
    tablet: width > PHONE_THRESHOLD && width <= MOBILE_THRESHOLD,
  };
}

import { describe, expect, it, vi } from 'vitest';
import { BREAKPOINT_PRESETS } from './breakpoint-presets.ts';
import {
  BREAKPOINTS_NOT_INSTALLED,
  BREAKPOINTS_SETUP_ERROR,
  breakpointFor,
  breakpointMediaQueries,
  DEFAULT_BREAKPOINT,
  DEFAULT_BREAKPOINTS,
  DEFAULT_STORE_WIDTH,
  deviceFlags,
  sanitiseBreakpoints,
  setupBreakpoints,
} from './breakpoints.ts';

const logger = () => ({ warn: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() });

describe('§9 default breakpoints', () => {
  it('are xxxs 0, xxs 480, xs 600, sm 769, md 900, lg 1024, xl 1200, xxl 1440 with default xl', () => {
    expect(DEFAULT_BREAKPOINTS).toEqual({
      xxxs: 0,
      xxs: 480,
      xs: 600,
      sm: 769,
      md: 900,
      lg: 1024,
      xl: 1200,
      xxl: 1440,
    });
    expect(DEFAULT_BREAKPOINT).toBe('xl');
    expect(DEFAULT_STORE_WIDTH).toBe(1024);
  });

  it('are used when nothing is asked for, without warnings', () => {
    const log = logger();
    const config = setupBreakpoints({}, log);
    expect(config.breakpoints.map((b) => b.name)).toEqual([
      'xxxs',
      'xxs',
      'xs',
      'sm',
      'md',
      'lg',
      'xl',
      'xxl',
    ]);
    expect(config).toMatchObject({
      defaultBreakpoint: 'xl',
      defaultOrientation: 'landscape',
      defaultTheme: null,
      defaultMotion: 'no-preference',
    });
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe('§9 breakpoint presets', () => {
  it('offer bootstrap3, bootstrap4, bootstrap5, vuetify, tailwind, devices, wordpress', () => {
    expect(Object.keys(BREAKPOINT_PRESETS)).toEqual([
      'bootstrap3',
      'bootstrap4',
      'bootstrap5',
      'vuetify',
      'tailwind',
      'devices',
      'wordpress',
    ]);
  });

  it('carry the real values of those frameworks', () => {
    expect(BREAKPOINT_PRESETS.bootstrap3).toEqual({ xs: 0, sm: 768, md: 992, lg: 1200 });
    expect(BREAKPOINT_PRESETS.bootstrap4).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 });
    expect(BREAKPOINT_PRESETS.bootstrap5).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
    expect(BREAKPOINT_PRESETS.vuetify).toEqual({ xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 });
    expect(BREAKPOINT_PRESETS.tailwind).toEqual({ xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 });
    expect(BREAKPOINT_PRESETS.devices).toEqual({ phone: 0, tablet: 768, laptop: 1370, desktop: 1906 });
    expect(BREAKPOINT_PRESETS.wordpress).toEqual({
      mobile: 0,
      small: 600,
      medium: 782,
      large: 960,
      xlarge: 1080,
      wide: 1280,
      huge: 1440,
    });
  });

  it('validate cleanly and set up by name', () => {
    for (const name of Object.keys(BREAKPOINT_PRESETS)) {
      const log = logger();
      const config = setupBreakpoints({ preset: name }, log);
      expect(config.breakpoints.length).toBeGreaterThan(0);
      expect(log.warn).not.toHaveBeenCalled();
    }
    expect(setupBreakpoints({ preset: 'devices' }, logger()).defaultBreakpoint).toBe('desktop');
    expect(
      setupBreakpoints({ preset: 'tailwind', defaultBreakpoint: 'md' }, logger()).defaultBreakpoint,
    ).toBe('md');
  });
});

describe('§5 breakpoint definitions validation', () => {
  it('accepts keys that start with a letter and contain letters, digits, underscores', () => {
    const log = logger();
    expect(sanitiseBreakpoints({ base: 0, tab_2: 700, Wide3: '1200' }, log)).toEqual([
      { name: 'base', min: 0 },
      { name: 'tab_2', min: 700 },
      { name: 'Wide3', min: 1200 },
    ]);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('skips invalid keys with a warning', () => {
    const log = logger();
    expect(sanitiseBreakpoints({ zero: 0, '2x': 500, 'a-b': 600, _x: 700 }, log)).toEqual([
      { name: 'zero', min: 0 },
    ]);
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(log.warn.mock.calls[0]?.[0]).toContain('"2x" is an invalid breakpoint key');
  });

  it('skips values that are not numbers of zero or more, with a warning', () => {
    const log = logger();
    const result = sanitiseBreakpoints(
      { zero: 0, neg: -1, text: 'wide', empty: '', nan: Number.NaN, obj: {} },
      log,
    );
    expect(result).toEqual([{ name: 'zero', min: 0 }]);
    expect(log.warn).toHaveBeenCalledTimes(5);
    expect(log.warn.mock.calls[0]?.[0]).toContain('"neg: -1" is not a valid breakpoint');
  });

  it('warns when no breakpoint starts at zero', () => {
    const log = logger();
    expect(sanitiseBreakpoints({ sm: 600 }, log)).toEqual([{ name: 'sm', min: 600 }]);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('minimum value of 0'));
  });

  it('warns on duplicate values', () => {
    const log = logger();
    sanitiseBreakpoints({ a: 0, b: 500, c: 500 }, log);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('duplicate values'));
  });

  it('sorts by width and answers null for nothing valid', () => {
    expect(sanitiseBreakpoints({ lg: 1000, xs: 0 }, logger())?.map((b) => b.name)).toEqual(['xs', 'lg']);
    expect(sanitiseBreakpoints({}, logger())).toBeNull();
    expect(sanitiseBreakpoints(null, logger())).toBeNull();
    expect(sanitiseBreakpoints('xs', logger())).toBeNull();
  });

  it('prefers explicit breakpoints to a preset', () => {
    const config = setupBreakpoints(
      { preset: 'bootstrap5', breakpoints: { small: 0, large: 800 } },
      logger(),
    );
    expect(config.breakpoints.map((b) => b.name)).toEqual(['small', 'large']);
    expect(config.defaultBreakpoint).toBe('large');
  });

  it('falls back to a valid preset when the breakpoints are all invalid', () => {
    const config = setupBreakpoints({ preset: 'bootstrap3', breakpoints: { '1': 0 } }, logger());
    expect(config.breakpoints.map((b) => b.name)).toEqual(['xs', 'sm', 'md', 'lg']);
  });
});

describe('§5 §8 setup errors', () => {
  it('throws a TypeError with no valid preset and no valid breakpoints', () => {
    expect(() => setupBreakpoints({ preset: 'foundation' }, logger())).toThrow(TypeError);
    expect(() => setupBreakpoints({ breakpoints: { '9': -1 } }, logger())).toThrow(BREAKPOINTS_SETUP_ERROR);
    expect(() => setupBreakpoints({ preset: 'nope', breakpoints: {} }, logger())).toThrow(TypeError);
  });

  it('logs an error for an invalid preset, listing the options', () => {
    const log = logger();
    setupBreakpoints({ preset: 'foundation', breakpoints: { a: 0 } }, log);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('"foundation" is not a valid preset'));
    expect(log.error.mock.calls[0]?.[0]).toContain('bootstrap3, bootstrap4');
  });

  it('logs errors for invalid orientation, theme and motion defaults and leaves them unset', () => {
    const log = logger();
    const config = setupBreakpoints(
      { defaultOrientation: 'upside-down', defaultTheme: 'sepia', defaultMotion: 'fast' },
      log,
    );
    expect(config).toMatchObject({ defaultOrientation: null, defaultTheme: null, defaultMotion: null });
    expect(log.error).toHaveBeenCalledTimes(3);
    expect(log.error.mock.calls.map((c) => c[0])).toEqual([
      expect.stringContaining('default orientation'),
      expect.stringContaining('default theme'),
      expect.stringContaining('default motion preference'),
    ]);
  });

  it('accepts valid defaults: landscape or portrait, light or dark, no-preference or reduce', () => {
    const config = setupBreakpoints(
      { defaultOrientation: 'portrait', defaultTheme: 'dark', defaultMotion: 'reduce' },
      logger(),
    );
    expect(config).toMatchObject({
      defaultOrientation: 'portrait',
      defaultTheme: 'dark',
      defaultMotion: 'reduce',
    });
  });

  it('uses the widest breakpoint when the default breakpoint does not exist', () => {
    expect(setupBreakpoints({ defaultBreakpoint: 'huge' }, logger()).defaultBreakpoint).toBe('xxl');
  });

  it('says the breakpoint API is not installed when used without its provider (§8)', () => {
    expect(BREAKPOINTS_NOT_INSTALLED).toContain('not installed in this app');
  });

  it('reports to the console by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setupBreakpoints({ preset: 'x', breakpoints: { a: 10 } });
    expect(warn).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledOnce();
    warn.mockRestore();
    error.mockRestore();
  });
});

describe('§4 responsive state', () => {
  const breakpoints = setupBreakpoints({}, logger()).breakpoints;

  it('finds the current breakpoint for a width', () => {
    expect(breakpointFor(0, breakpoints)).toBe('xxxs');
    expect(breakpointFor(768, breakpoints)).toBe('xs');
    expect(breakpointFor(769, breakpoints)).toBe('sm');
    expect(breakpointFor(1440, breakpoints)).toBe('xxl');
    expect(breakpointFor(100, [{ name: 'sm', min: 600 }])).toBeNull();
  });

  it('builds a media query for each breakpoint up to the next', () => {
    const queries = breakpointMediaQueries(breakpoints);
    expect(queries.xxxs).toBe('(min-width: 0px) and (max-width: 479px)');
    expect(queries.lg).toBe('(min-width: 1024px) and (max-width: 1199px)');
    expect(queries.xxl).toBe('(min-width: 1440px)');
  });

  it('flags mobile below 1024, phone at most 768, tablet above 768 up to 1024', () => {
    expect(deviceFlags(390)).toEqual({ mobile: true, phone: true, tablet: false });
    expect(deviceFlags(768)).toEqual({ mobile: true, phone: true, tablet: false });
    expect(deviceFlags(769)).toEqual({ mobile: true, phone: false, tablet: true });
    expect(deviceFlags(1023)).toEqual({ mobile: true, phone: false, tablet: true });
    expect(deviceFlags(1024)).toEqual({ mobile: false, phone: false, tablet: true });
    expect(deviceFlags(1025)).toEqual({ mobile: false, phone: false, tablet: false });
  });
});

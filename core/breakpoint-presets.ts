/**
 * Breakpoint presets named in SPEC §9, with the values of the responsive library the original used
 * (minimum widths in px).
 */

export const BREAKPOINT_PRESETS = {
  bootstrap3: { xs: 0, sm: 768, md: 992, lg: 1200 },
  bootstrap4: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 },
  bootstrap5: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 },
  vuetify: { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 },
  tailwind: { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 },
  devices: { phone: 0, tablet: 768, laptop: 1370, desktop: 1906 },
  wordpress: { mobile: 0, small: 600, medium: 782, large: 960, xlarge: 1080, wide: 1280, huge: 1440 },
} as const satisfies Record<string, Record<string, number>>;

export type BreakpointPreset = keyof typeof BREAKPOINT_PRESETS;

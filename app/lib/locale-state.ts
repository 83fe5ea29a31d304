// Temporary: tests/e2e/locales.e2e.ts (branch pw-a) still imports this path. Delete once it imports
// ./locale/locale-state.ts.
export { type LocaleState, localeStateFor } from './locale/locale-state.ts';

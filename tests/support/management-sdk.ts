import { createRequire } from 'node:module';

// biome-ignore lint/suspicious/noExplicitAny: the SDK's answers are inspected loosely in tests
type Loose = any;

/**
 * The official Contentstack management SDK (@contentstack/management), loaded through `require`: its package
 * ships TypeScript sources (types/**.ts, not declarations) that do not compile under this project's
 * `verbatimModuleSyntax`, so importing it would make `tsc` check them. Only `client()` is used.
 */
export const managementSdk = createRequire(import.meta.url)('@contentstack/management') as {
  client(config: Record<string, unknown>): Loose;
};

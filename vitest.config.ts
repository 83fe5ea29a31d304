import { defineConfig } from 'vitest/config';

// Unit and integration tests sit next to their code. Browser tests live in tests/e2e and run on Playwright's
// own runner (playwright.config.ts) after a production build.
export default defineConfig({
  test: {
    include: [
      '{core,server,app,seed,scripts}/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/architecture/**/*.test.ts',
      'tests/security/**/*.test.ts',
    ],
    environment: 'node',
    // Migrated and seeded databases built once per run, copied by every test that needs one.
    globalSetup: ['tests/support/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    coverage: {
      provider: 'v8',
      include: ['core/**/*.ts'],
      exclude: ['core/**/*.test.ts', 'core/**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { branches: 95 },
    },
  },
});

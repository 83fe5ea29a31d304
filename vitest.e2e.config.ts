import { defineConfig } from 'vitest/config';

// End-to-end: the built server on a free port, driven by Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // expect.poll is this suite's web-first assertion: it waits for hydration and revalidation, which a busy
    // CI machine can stretch past vitest's 1 s default.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});

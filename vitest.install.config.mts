// Runner configuration of `npm run test:install` only: the install routes of a fresh clone,
// run for real with npm into temporary prefixes (about 5 minutes, the npm registry needed).
// Kept apart from vitest.config.mts because it is slow; files end in .e2e.ts so the root
// config's test/**/*.test.ts never picks them up.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/install/**/*.e2e.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/support/skipSummary.ts'],
  },
});

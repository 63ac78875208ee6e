// Test runner configuration: sources are imported directly (vitest transpiles TS);
// end-to-end tests spawn the built CLI from dist/, which `npm test` builds first.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Lists the tests skipped for a missing optional tool (native z3, Emacs), with the reason.
    globalSetup: ['test/support/skipSummary.ts'],
  },
});

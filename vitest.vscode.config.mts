// Runner configuration of `npm run test:vscode` only: the extension in a real, headless
// VS Code (code-server + Chromium). Kept apart from vitest.config.mts because it is slow
// and needs scripts/install-code-server.sh first. Files end in .e2e.ts so the root
// config's test/**/*.test.ts never picks them up.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/vscode/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

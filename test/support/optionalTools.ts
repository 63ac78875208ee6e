// Tests that need a tool outside npm (native z3, Emacs with dap-mode) skip where it is missing,
// and say so: each skip is recorded here and listed with its reason at the end of the run by
// test/support/skipSummary.ts, so a green run never hides what it did not test.

import { appendFileSync } from 'node:fs';

/** Returns `available`; when false, records why the tests that need `tool` were skipped. */
export function optionalTool(tool: string, available: boolean, howToInstall: string): boolean {
  const log = process.env.SYMDAP_SKIP_LOG;
  if (!available && log) appendFileSync(log, `${JSON.stringify({ tool, howToInstall, file: testFile() })}\n`);
  return available;
}

function testFile(): string {
  const stack = new Error().stack?.split('\n') ?? [];
  const line = stack.find((l) => /\.test\.ts/.test(l)) ?? '';
  const m = /(test\/[^:)]+\.test\.ts)/.exec(line);
  return m ? m[1] : 'a test file';
}

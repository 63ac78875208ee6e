// The lines the VS Code extension marks as uncovered after a verify run, read from a real
// report (verifySource, the extension's own code path): 0-based, only statement lines no
// path ran, none for a report without a completed run.

import { describe, expect, it } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';
import { uncoveredLines } from '../../extension/src/coverageLines';

const DEAD = 'proc main(x: int) {\n  assume x > 0;\n  if (x < 0) {\n    x := 1;\n  }\n  assert x > 0;\n}\n';

describe('uncovered lines for the editor', () => {
  it('marks the statement inside the infeasible branch, 0-based, with the coverage in the hover', async () => {
    const { report } = await verifySource(DEAD, 'dead.sym');
    expect(uncoveredLines(report, 8)).toEqual([
      { line: 3, hover: 'symdap: no explored path runs this statement (statement coverage 3/4)' },
    ]);
  }, 30_000);

  it('marks nothing when every statement ran, or when the program did not check', async () => {
    const ok = await verifySource('proc main(x: int) {\n  var y: int := x;\n}\n', 'ok.sym');
    expect(uncoveredLines(ok.report, 4)).toEqual([]);
    const bad = await verifySource('proc main( {\n', 'bad.sym');
    expect(bad.report.verdict).toBe('error');
    expect(uncoveredLines(bad.report, 2)).toEqual([]);
  }, 30_000);
});

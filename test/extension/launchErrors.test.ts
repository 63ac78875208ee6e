// F5 on a broken file (issue 12): the adapter's launch errors become Problems and a
// notification; a failure's path is one related entry; the squiggle spans the formula.

import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchFailureMessage, parseLaunchErrors } from '../../extension/src/launchErrors';
import { pathText, reportToDiagnostics } from '../../extension/src/diagnostics';
import { launchDebuggee } from '../../src/adapter/runtime/launch';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';
import { BreakpointTable, ExceptionFilters } from '../../src/adapter/runtime/breakpoints';
import { writeProgram } from '../adapter/sessionHarness';

describe('launch errors', () => {
  it('the real adapter messages of a broken program parse into located errors', async () => {
    const file = writeProgram('broken.sym', 'proc main(x: int) {\n  var y: int := x + true;\n  assert z > 0;\n}\n');
    const out = await launchDebuggee(
      validateLaunchArgs({ program: file }).args!,
      new BreakpointTable(),
      new ExceptionFilters(),
    );
    expect(out.ok).toBe(false);
    const errors = parseLaunchErrors(out.ok ? '' : out.messages.join('\n'));
    expect(errors.map((e) => [e.file, e.record.line, e.record.severity])).toEqual([
      [file, 2, 'error'],
      [file, 3, 'error'],
    ]);
    expect(errors[1].record.message).toMatch(/z/);
    expect(launchFailureMessage(errors, 'x')).toMatch(/^symdap: cannot debug: line 2: .* \(and 1 more in Problems\)$/);
  });

  it('a launch of a missing file names the file, not a line and Problems (issue 26.4)', async () => {
    const file = path.join(path.dirname(writeProgram('present.sym', 'proc main() {}\n')), 'missing.sym');
    const out = await launchDebuggee(
      validateLaunchArgs({ program: file }).args!,
      new BreakpointTable(),
      new ExceptionFilters(),
    );
    expect(out.ok).toBe(false);
    const errors = parseLaunchErrors(out.ok ? '' : out.messages.join('\n'));
    expect(launchFailureMessage(errors, 'x', existsSync)).toBe(`symdap: cannot debug: there is no file ${file}`);
    const folder = path.dirname(file);
    const notAFile = parseLaunchErrors(`${folder}:1:1: error: cannot read file: a directory\n`);
    expect(launchFailureMessage(notAFile, 'x', existsSync)).toBe(
      `symdap: cannot debug ${folder}: cannot read file: a directory`,
    );
  });

  it('ignores unlocated lines and still says why without located errors', () => {
    expect(parseLaunchErrors('cannot start the symbolic run: boom\n')).toEqual([]);
    expect(launchFailureMessage([], 'cannot start the symbolic run: boom')).toBe(
      'symdap: cannot debug: cannot start the symbolic run: boom',
    );
  });
});

describe('failure diagnostics', () => {
  it('span the whole failing formula and carry the path as one line', () => {
    const [r] = reportToDiagnostics({
      file: 'a.sym',
      verdict: 'failed',
      failures: [
        {
          kind: 'assert',
          line: 16,
          column: 11,
          endLine: 16,
          endColumn: 24,
          message: 'c0 != 98 || c1 != 97',
          trace: [10, 11, 12, 13, 16],
        },
      ],
    });
    expect([r.line, r.column, r.endColumn]).toEqual([16, 11, 24]);
    expect(pathText(r.trace)).toBe('path: line 10 → 11 → 12 → 13 → 16');
    const long = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(pathText(long, 10)).toBe('path: line 1 → 2 → 3 → … → 24 → 25 → 26 → 27 → 28 → 29 → 30');
  });
});

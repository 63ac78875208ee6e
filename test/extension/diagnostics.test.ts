// reportToDiagnostics: a `symdap verify --json` report becomes the problems an editor shows.

import { describe, expect, it } from 'vitest';
import {
  failureHeadline,
  reportToDiagnostics,
  summarizeReport,
  type VerifyReport,
} from '../../extension/src/diagnostics';

const paths = { total: 3, completed: 1, failed: 2, infeasible: 0, bounded: 0 };
const stats = { solverQueries: 7, solverMs: 12, wallMs: 40 };

function report(overrides: Partial<VerifyReport>): VerifyReport {
  return { file: 'a.sym', verdict: 'failed', paths, failures: [], diagnostics: [], stats, ...overrides };
}

describe('reportToDiagnostics', () => {
  it('a failure becomes an error with its counterexample and trace', () => {
    const records = reportToDiagnostics(
      report({
        failures: [
          {
            kind: 'assert',
            line: 12,
            column: 3,
            message: 'm >= 3',
            counterexample: { x: 0, y: 5 },
            trace: [9, 10, 12],
          },
        ],
      }),
    );
    expect(records).toEqual([
      {
        line: 12,
        column: 3,
        severity: 'error',
        trace: [9, 10, 12],
        message: 'assertion may fail: m >= 3 — counterexample: x = 0, y = 5',
      },
    ]);
  });

  it('does not repeat a title the message already has; formats arrays and booleans', () => {
    const [record] = reportToDiagnostics(
      report({
        failures: [
          {
            kind: 'out-of-bounds',
            line: 4,
            column: 10,
            message: 'index out of bounds: a[i]',
            counterexample: { a: [1, 2], i: 2, b: true },
          },
        ],
      }),
    );
    expect(record.message).toBe('index out of bounds: a[i] — counterexample: a = [1, 2], i = 2, b = true');
  });

  it('merges one failure found on several paths', () => {
    const failure = { kind: 'assert', line: 5, column: 3, message: 'x > 0', trace: [] };
    const records = reportToDiagnostics(
      report({
        failures: [
          { ...failure, counterexample: { x: 0 } },
          { ...failure, counterexample: { x: -1 } },
          { ...failure, line: 6 },
        ],
      }),
    );
    expect(records.map((r) => r.message)).toEqual([
      'assertion may fail: x > 0 — counterexample: x = 0 (on 2 paths)',
      'assertion may fail: x > 0',
    ]);
  });

  it('front-end diagnostics keep their position and severity (span or line/column)', () => {
    const records = reportToDiagnostics(
      report({
        verdict: 'error',
        failures: [],
        diagnostics: [
          {
            file: 'a.sym',
            span: { line: 2, col: 5, endLine: 2, endCol: 9 },
            severity: 'error',
            message: "unknown variable 'zz'",
          },
          { line: 7, column: 1, severity: 'warning', message: 'unused' },
          { line: 0, column: 0, severity: 'note', message: 'somewhere' },
        ],
      }),
    );
    expect(records).toEqual([
      { line: 2, column: 5, endColumn: 9, severity: 'error', message: "unknown variable 'zz'", trace: [] },
      { line: 7, column: 1, severity: 'warning', message: 'unused', trace: [] },
      { line: 1, column: 1, severity: 'information', message: 'somewhere', trace: [] },
    ]);
  });

  it('an unknown verdict explains itself', () => {
    const [bounded] = reportToDiagnostics(report({ verdict: 'unknown', paths: { ...paths, bounded: 2 } }));
    expect(bounded).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('2 paths reached the loop or recursion bound'),
    });
    const [solver] = reportToDiagnostics(report({ verdict: 'unknown' }));
    expect(solver.message).toContain('solver');
  });

  it('a verified report has no diagnostics', () => {
    expect(reportToDiagnostics(report({ verdict: 'verified' }))).toEqual([]);
  });
});

describe('headlines and summaries', () => {
  it('every failure kind of the engine has a title', () => {
    expect(failureHeadline({ kind: 'div-by-zero', message: 'x / y' })).toBe('division by zero: x / y');
    expect(failureHeadline({ kind: 'something-new', message: 'text' })).toBe('text');
  });

  it('summarizes each verdict', () => {
    expect(summarizeReport(report({ verdict: 'verified' }))).toBe('verified on 3 paths');
    expect(summarizeReport(report({ failures: [{ kind: 'assert', line: 1, column: 1, message: 'x' }] }))).toBe(
      'failed: 1 failure on 3 paths',
    );
    expect(summarizeReport(report({ verdict: 'unknown' }))).toMatch(/^unknown on 3 paths/);
    expect(summarizeReport(report({ verdict: 'error' }))).toMatch(/does not parse/);
  });
});

describe('the extension and the CLI share one code path', () => {
  it('diagnostics of a real verify report match `symdap verify --json` for a failing sample', async () => {
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { verifySource } = await import('../../src/engine/verify/verifySource');
    const { runVerifier } = await import('../../extension/src/verifier');
    const file = join(__dirname, '..', '..', 'samples', 'lecture', 'bad_input.sym');
    const viaCli = (await verifySource(await readFile(file, 'utf8'), file)).report;
    const viaExtension = await runVerifier(file);
    expect(viaExtension.failures).toEqual(viaCli.failures);
    const records = reportToDiagnostics(viaExtension);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ line: 16, column: 11, severity: 'error' });
    expect(records[0].message).toContain('assertion may fail: false');
    expect(records[0].message).toContain("c0 = 98 'b', c1 = 97 'a', c2 = 100 'd', c3 = 33 '!'");
    expect(records[0].trace).toEqual([10, 11, 12, 13, 16]);
  });

  it('a .vpr file verifies modularly as `symdap verify` does it: the failures at line 18', async () => {
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { verifySource } = await import('../../src/engine/verify/verifySource');
    const { isVerifiable, runVerifier } = await import('../../extension/src/verifier');
    const file = join(__dirname, '..', '..', 'samples', 'viper', 'lost_permission.vpr');
    expect(isVerifiable({ languageId: 'viper', fileName: file })).toBe(true);
    expect(isVerifiable({ languageId: 'plaintext', fileName: file })).toBe(true);
    expect(isVerifiable({ languageId: 'plaintext', fileName: '/tmp/notes.txt' })).toBe(false);
    const viaCli = (await verifySource(await readFile(file, 'utf8'), file, { mode: 'modular' })).report;
    const viaExtension = await runVerifier(file);
    expect(viaExtension.verdict).toBe('failed');
    expect(viaExtension.failures).toEqual(viaCli.failures);
    expect([...new Set(viaExtension.failures.map((f) => f.line))]).toEqual([18]);
    expect(viaExtension.failures.map((f) => f.message)).toContain(
      'insufficient permission: acc(x.f) is not held to read x.f',
    );
  });
});

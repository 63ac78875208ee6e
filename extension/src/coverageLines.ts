// Which lines the editor marks as not covered after a verify run: the report's uncovered
// statement lines, 0-based for the editor, with a hover text. Free of the `vscode` module so it
// is unit-tested directly; coverageDecorations.ts draws them.

import type { VerifyReport } from './diagnostics';

export interface UncoveredLine {
  /** 0-based, as editors count. */
  readonly line: number;
  readonly hover: string;
}

/** The uncovered statement lines of a report that has coverage and a completed run (none otherwise). */
export function uncoveredLines(report: VerifyReport, lineCount: number): UncoveredLine[] {
  if (!report.coverage || report.verdict === 'error') return [];
  const { covered, total } = report.coverage.statements;
  const hover = `symdap: no explored path runs this statement (statement coverage ${covered}/${total})`;
  return report.coverage.uncoveredLines.filter((l) => l >= 1 && l <= lineCount).map((l) => ({ line: l - 1, hover }));
}

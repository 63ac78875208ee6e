// The verdict of a run with synth functions (docs/design.md C.11 semantics 4): failures met during
// exploration only exclude functions; the run is verified when a function is found, failed
// with one `synth` failure at the declaration when none fits, unknown when the search was
// bounded or the solver could not decide. v1 needs concrete tests (no symbolic inputs).

import type { CheckedProgram } from '../../lang/checked';
import type { FailureReport, VerifyReport } from './report';
import type { SynthAnswer } from '../synth/answer';

/** In a program with synth functions a failed path is excluded: the failure only rules out the
 *  functions that reach it (semantics 4). Debugger views show it as `excluded`. */
export function isExcludedPath(status: string, hasSynth: boolean): boolean {
  return hasSynth && status === 'failed';
}

export const SYMBOLIC_INPUTS_NOTE =
  'synthesis with symbolic inputs needs concrete tests (the entry procedure must take no parameters and reach no havoc)';

export function synthVerdict(
  report: VerifyReport,
  checked: CheckedProgram,
  answer: SynthAnswer | 'symbolic-inputs',
): VerifyReport {
  const excluded = report.paths.failed;
  const paths = { ...report.paths, failed: 0, excluded };
  if (answer !== 'symbolic-inputs' && answer.status === 'found') {
    return { ...report, verdict: 'verified', paths, failures: [], synthesized: answer.functions };
  }
  const bounded = report.paths.bounded > 0 || report.paths.unknown > 0;
  if (answer === 'symbolic-inputs' || answer.status === 'unknown' || bounded) {
    const why =
      answer === 'symbolic-inputs'
        ? SYMBOLIC_INPUTS_NOTE
        : answer.status === 'unknown'
          ? `no function found: the solver could not decide (${answer.reason})`
          : 'no function found, but some paths were bounded or undecided';
    return { ...report, verdict: 'unknown', paths, failures: [], notes: [...report.notes, why] };
  }
  return { ...report, verdict: 'failed', paths, failures: [noFunction(checked, report.failures)] };
}

function noFunction(checked: CheckedProgram, excluded: readonly FailureReport[]): FailureReport {
  const decl = [...checked.synths.values()][0];
  const names = [...checked.synths.values()].map((d) => `${d.name} up to depth ${d.depth}`).join(', ');
  const where = excluded.map((f) => `${f.kind} at line ${f.line}`).join(', ');
  const formula = `no ${names} makes every check pass${where ? ` (every complete path fails: ${where})` : ''}`;
  return {
    kind: 'synth',
    line: decl.span.line,
    column: decl.span.col,
    endLine: decl.nameSpan.endLine,
    endColumn: decl.nameSpan.endCol,
    message: `no function in the grammar: ${formula}`,
    formula,
    counterexample: {},
    trace: [],
    paths: 1,
  };
}

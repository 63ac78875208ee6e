// Vacuity and reachability warnings (issue 25), read off a finished run's coverage: a proof
// that holds because nothing ran is no proof. Three kinds:
// - `vacuous` at a `requires` that no input satisfies (the procedure's body ran on no path), or
//   at an `assume` that every path reaching it contradicts (nothing after it ran);
// - `unreachable` at the first statement of a stretch that no feasible path reached (a check
//   there passes vacuously);
// - `unused` (a requires or assume conjunct no check needs) comes from proof dependencies.
// Only a run that ended every path (no bound reached, no solver unknown) and found no failure
// says anything about unreached code: a bound or a failure also leaves code unreached.

import type { CheckedProgram } from '../../lang/checked';
import type { Block, Proc, Stmt } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { VerifyReport, VerifyWarning } from '../verify/report';

/** The procedures a run started from: the entry in explore mode, every procedure in modular mode. */
export interface RunShape {
  readonly mode: 'explore' | 'modular';
  readonly entry?: Proc;
}

export function vacuityWarnings(checked: CheckedProgram, report: VerifyReport, shape: RunShape): VerifyWarning[] {
  const c = report.coverage;
  if (!c || report.verdict !== 'verified' || report.paths.bounded > 0 || report.paths.unknown > 0) return [];
  const unreached = new Set(c.uncoveredLines);
  const out: VerifyWarning[] = [];
  for (const proc of checked.procs.values()) {
    const root = shape.mode === 'modular' || proc === shape.entry;
    const ran = root || bodyLines(proc.body).some((l) => !unreached.has(l));
    if (!ran) continue;
    if (
      root &&
      proc.requires.length > 0 &&
      proc.body.stmts.length > 0 &&
      bodyLines(proc.body).every((l) => unreached.has(l))
    ) {
      const r = proc.requires[0];
      out.push({
        kind: 'vacuous',
        line: r.span.line,
        column: r.span.col,
        message: `no input satisfies the requires of ${proc.name}: every check in ${proc.name} passes vacuously`,
      });
      continue;
    }
    out.push(...blockWarnings(proc.body.stmts, unreached));
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Statement lines of a block, nested blocks included (a work list: an `else if` chain nests thousands deep). */
function bodyLines(b: Block): number[] {
  const lines: number[] = [];
  const work: (readonly Stmt[])[] = [b.stmts];
  for (let stmts = work.pop(); stmts; stmts = work.pop()) {
    for (const st of stmts) {
      if (st.kind !== 'block') lines.push(st.span.line);
      work.push(...innerBlocks(st));
    }
  }
  return lines;
}

function innerBlocks(st: Stmt): (readonly Stmt[])[] {
  switch (st.kind) {
    case 'block':
      return [st.stmts];
    case 'if':
      return [
        st.then.stmts,
        ...(st.otherwise ? [st.otherwise.kind === 'block' ? st.otherwise.stmts : [st.otherwise]] : []),
      ];
    case 'while':
      return [st.body.stmts];
    default:
      return [];
  }
}

/**
 * Within one block: an `assume` that ran while the statement after it did not kills every
 * path (vacuous, reported once for what follows); otherwise the first statement of each
 * stretch of unreached statements is reported, and reached statements are searched inside.
 * Nested blocks go on a work list, not the call stack (an `else if` chain nests thousands
 * deep); the caller sorts the warnings.
 */
function blockWarnings(top: readonly Stmt[], unreached: ReadonlySet<number>): VerifyWarning[] {
  const out: VerifyWarning[] = [];
  const work: (readonly Stmt[])[] = [top];
  for (let stmts = work.pop(); stmts; stmts = work.pop()) oneBlock(stmts, unreached, out, work);
  return out;
}

function oneBlock(
  stmts: readonly Stmt[],
  unreached: ReadonlySet<number>,
  out: VerifyWarning[],
  work: (readonly Stmt[])[],
): void {
  let inStretch = false;
  for (let i = 0; i < stmts.length; i++) {
    const st = stmts[i];
    if (st.kind === 'block') {
      work.push(st.stmts);
      continue;
    }
    const missed = unreached.has(st.span.line);
    if (missed && !inStretch) out.push(unreachedWarning(st));
    inStretch = missed;
    if (missed) continue;
    const next = stmts[i + 1];
    if (st.kind === 'assume' && next && next.kind !== 'block' && unreached.has(next.span.line)) {
      out.push({
        kind: 'vacuous',
        line: st.span.line,
        column: st.span.col,
        message: `assume ${printExpr(st.cond)} contradicts every path that reaches it: nothing after it runs`,
      });
      inStretch = true;
      i++;
      while (i + 1 < stmts.length && stmts[i + 1].kind !== 'block' && unreached.has(stmts[i + 1].span.line)) i++;
      continue;
    }
    work.push(...innerBlocks(st));
  }
}

function unreachedWarning(st: Stmt): VerifyWarning {
  const what =
    st.kind === 'assert'
      ? `the check assert ${printExpr(st.cond)} is reached on no feasible path: it passes vacuously`
      : `line ${st.span.line} is reached on no feasible path`;
  return { kind: 'unreachable', line: st.span.line, column: st.span.col, message: what };
}

// Statement and branch coverage of a run (symbolic exploration or concolic runs): which
// statement lines some path executed, and which sides of each `if`/`while` test some path
// took. Totals count every statement and every branch of every procedure in the file.

import type { CheckedProgram } from '../../lang/checked';
import type { If, Stmt, While } from '../../lang/ast';
import { forEachStmt } from '../rules/walkStmts';
import { topFrame, type Instr, type State, type TraceEntry } from '../state/state';
import type { ExecutionTree } from './tree';

export interface CoverageReport {
  readonly statements: { readonly covered: number; readonly total: number; readonly percent: number };
  /** Each `if`/`while` test has two sides: then (the body) and else (past it). */
  readonly branches: { readonly covered: number; readonly total: number; readonly percent: number };
  /** Statement lines no path executed, ascending. */
  readonly uncoveredLines: number[];
  /** Branch sides no path took, as `line:col:then` or `line:col:else`. */
  readonly uncoveredBranches: string[];
}

/** What some run has covered so far: statement lines and branch sides (`line:col:then`). */
export interface Covered {
  readonly lines: ReadonlySet<number>;
  readonly sides: ReadonlySet<string>;
}

/** Accumulates coverage; `add*` answer how many items were new (the generational search's score). */
export class CoverageCollector implements Covered {
  readonly lines = new Set<number>();
  readonly sides = new Set<string>();
  addTrace(s: State): number {
    return this.addLines(s.trace, null);
  }
  /** The lines of `trace` newer than `since` (an older entry of the same trace, or null). */
  addLines(trace: TraceEntry | null, since: TraceEntry | null): number {
    let fresh = 0;
    const stop = since?.length ?? 0;
    for (let t = trace; t && t !== since && t.length > stop; t = t.prev) {
      if (!this.lines.has(t.line)) {
        this.lines.add(t.line);
        fresh++;
      }
    }
    return fresh;
  }
  addSide(key: string | undefined): number {
    if (key === undefined || this.sides.has(key)) return 0;
    this.sides.add(key);
    return 1;
  }
  addAll(c: Covered): number {
    let fresh = 0;
    for (const l of c.lines)
      if (!this.lines.has(l)) {
        this.lines.add(l);
        fresh++;
      }
    for (const k of c.sides) fresh += this.addSide(k);
    return fresh;
  }
}

/** A collector fed by a tree's events: the sides each expansion took, and the lines each step
 *  added to a trace. Per step, not per ended path: paths share the older part of their trace,
 *  and reading it again for every path cost more than the steps. (A subtree explored from a
 *  replayed state leaves out the replayed lines: the coordinator's tree covers them.) */
export function collectCoverage(tree: ExecutionTree): CoverageCollector {
  const coverage = new CoverageCollector();
  tree.listen({
    onExpanded: (n, kids) => {
      for (const k of kids) {
        coverage.addSide(branchSide(n.state, k.state));
        // A join's merged node keeps one incoming trace: nothing new was executed.
        if (k.label.kind !== 'join') coverage.addLines(k.state.trace, n.state.trace);
      }
    },
  });
  return coverage;
}

/**
 * The branch side a step from `parent` to `child` took, as `line:col:then|else`, when the
 * step tested an `if` or `while` and the child goes on; undefined otherwise. Read from the
 * child's continuation (the first statement of the side it runs), so it also works where the
 * engine did not fork because only one side was feasible.
 */
export function branchSide(parent: State, child: State): string | undefined {
  if (child.status !== 'running' && child.status !== 'waiting') return undefined;
  if (child.frames.length !== parent.frames.length) return undefined;
  const test = testedBranch(topFrame(parent).kont?.head);
  if (!test) return undefined;
  const head = topFrame(child).kont?.head;
  const first = head?.kind === 'stmt' ? head.stmt : head?.kind === 'loop' ? head.loop : undefined;
  if (first !== undefined && first === test.thenFirst) return test.thenKey;
  if (first !== undefined && first === test.elseFirst) return test.elseKey;
  // Neither side's first statement: the child runs the empty side.
  if (test.thenFirst === undefined) return test.thenKey;
  return test.elseFirst === undefined ? test.elseKey : undefined;
}

interface TestedBranch {
  readonly thenFirst?: Stmt;
  readonly elseFirst?: Stmt;
  readonly thenKey: string;
  readonly elseKey: string;
}

/** Per `if`/`while` statement, built once: a branch is tested on every path (65,536 times in 16 ifs). */
const tested = new WeakMap<If | While, TestedBranch>();

function testedBranch(instr: Instr | undefined): TestedBranch | undefined {
  if (instr?.kind === 'loop') return memoBranch(instr.loop);
  if (instr?.kind !== 'stmt') return undefined;
  const st = instr.stmt;
  return st.kind === 'while' || st.kind === 'if' ? memoBranch(st) : undefined;
}

function memoBranch(st: If | While): TestedBranch {
  let t = tested.get(st);
  if (t === undefined) {
    t = st.kind === 'if' ? ifBranch(st) : loopBranch(st);
    tested.set(st, t);
  }
  return t;
}

function ifBranch(st: If): TestedBranch {
  const other = st.otherwise;
  return {
    thenFirst: st.then.stmts[0],
    elseFirst: other?.kind === 'block' ? other.stmts[0] : other,
    ...sideKeys(st.span),
  };
}

/** A loop's then-side starts its body (or re-tests the loop when the body is empty); the else-side leaves it. */
function loopBranch(loop: While): TestedBranch {
  return { thenFirst: loop.body.stmts[0] ?? loop, ...sideKeys(loop.span) };
}

function sideKeys(span: If['span']): { thenKey: string; elseKey: string } {
  const key = `${span.line}:${span.col}`;
  return { thenKey: `${key}:then`, elseKey: `${key}:else` };
}

/** Every statement line and every branch side of the file. */
export function coverageTargets(checked: CheckedProgram): { lines: number[]; sides: string[] } {
  const lines = new Set<number>();
  const sides: string[] = [];
  for (const proc of checked.procs.values()) {
    forEachStmt(proc.body.stmts, (st) => {
      if (st.kind === 'block') return;
      lines.add(st.span.line);
      if (st.kind === 'if' || st.kind === 'while')
        sides.push(`${st.span.line}:${st.span.col}:then`, `${st.span.line}:${st.span.col}:else`);
    });
  }
  return { lines: [...lines].sort((a, b) => a - b), sides };
}

export function coverageReport(checked: CheckedProgram, covered: Covered): CoverageReport {
  const targets = coverageTargets(checked);
  const lines = targets.lines.filter((l) => covered.lines.has(l)).length;
  const sides = targets.sides.filter((k) => covered.sides.has(k)).length;
  return {
    statements: { covered: lines, total: targets.lines.length, percent: percent(lines, targets.lines.length) },
    branches: { covered: sides, total: targets.sides.length, percent: percent(sides, targets.sides.length) },
    uncoveredLines: targets.lines.filter((l) => !covered.lines.has(l)),
    uncoveredBranches: targets.sides.filter((k) => !covered.sides.has(k)),
  };
}

/** The coverage of several parts of one run (same program): covered by any part. */
export function mergeCoverage(parts: readonly CoverageReport[]): CoverageReport | undefined {
  if (parts.length === 0) return undefined;
  const lines = parts
    .slice(1)
    .reduce((acc, p) => acc.filter((l) => p.uncoveredLines.includes(l)), parts[0].uncoveredLines);
  const sides = parts
    .slice(1)
    .reduce((acc, p) => acc.filter((k) => p.uncoveredBranches.includes(k)), parts[0].uncoveredBranches);
  const { statements, branches } = parts[0];
  return {
    statements: {
      covered: statements.total - lines.length,
      total: statements.total,
      percent: percent(statements.total - lines.length, statements.total),
    },
    branches: {
      covered: branches.total - sides.length,
      total: branches.total,
      percent: percent(branches.total - sides.length, branches.total),
    },
    uncoveredLines: lines,
    uncoveredBranches: sides,
  };
}

function percent(n: number, total: number): number {
  return total === 0 ? 100 : Math.round((1000 * n) / total) / 10;
}

/** `coverage: statements 12/14 (85.7%), branches 5/8 (62.5%), uncovered lines 7, 9` */
export function formatCoverage(c: CoverageReport): string {
  const base = `coverage: statements ${c.statements.covered}/${c.statements.total} (${c.statements.percent}%), branches ${c.branches.covered}/${c.branches.total} (${c.branches.percent}%)`;
  return c.uncoveredLines.length === 0 ? base : `${base}, uncovered lines ${c.uncoveredLines.join(', ')}`;
}

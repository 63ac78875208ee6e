// The verification report: verdict, path counts, failures with counterexamples and traces,
// solver statistics. Its JSON form is the `symdap verify --json` schema of docs/design.md S.6, and the
// editor extension turns the same object into diagnostics.

import type { Diagnostic } from '../../lang/diagnostics';
import { FAILURE_TITLES, type FailureKind, type FailureSite } from '../state/failures';
import { spanWithin, type Span } from '../../lang/span';
import type { WellFormedness } from '../rules/wellFormed';
import { u8Names, type Counterexample } from '../state/counterexample';
import { afterJoinText, shownCounterexample } from './joinExplain';
import { inputSymbols, traceLines, type AfterJoin, type Failure } from '../state/state';
import type { TreeCounts, TreeNode } from '../explore/tree';
import { permissionLoss } from './permissionHistory';
import type { SolverStats } from '../solver/solver';
import type { CoverageReport } from '../explore/coverage';
import { avoidedQueries } from '../solver/stats';

export type Verdict = 'verified' | 'failed' | 'unknown' | 'error';

export interface FailureReport {
  readonly kind: FailureKind;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** The imported file the failure lies in (a Viper import, Span.file); absent: the verified file. */
  readonly file?: string;
  /** e.g. "assertion may fail: m >= 3" */
  readonly message: string;
  readonly formula: string;
  readonly counterexample: Counterexample;
  /** The counterexample's names whose values are u8 (shown to a person as `98 'b'`; the values stay numbers). */
  readonly u8?: readonly string[];
  readonly trace: number[];
  /** How many explored paths fail here (the counterexample is one of them). */
  readonly paths: number;
  /** For a missing permission: where the path lost it ("acc(c.x) was held until line 30: …"). */
  readonly explanation?: string;
  /** The steps that took (a part of) the missing permission, by line: "1/2 of acc(c.x) went to the call …". */
  readonly lostAt?: readonly { readonly line: number; readonly text: string }[];
  /** A failure on a path that came through `join φ;` (docs/language.md, join): whether a concrete path reaches it. */
  readonly afterJoin?: AfterJoinReport;
  /** Real bug or too-weak specification (why/classify.ts); absent until classified. */
  readonly class?: FailureClass;
  /** For `real`: inputs that replay to this failure with `symdap run --inputs`. */
  readonly input?: Counterexample;
  /** For `spec-too-weak`: the invariant, ensures or join that lost the fact. */
  readonly abstraction?: Abstraction;
  /** For `spec-too-weak`: the fact that closes the gap, added to the abstraction's invariant or ensures (why/suggest.ts). */
  readonly suggestion?: Suggestion;
  /** The class in a sentence. */
  readonly classNote?: string;
}

/**
 * A fact to add: `clause` (`invariant s == 2 * i`, `ensures r == 0`) inserted, after a space,
 * at `line`:`column` (just after the last invariant or ensures, or before the body's brace).
 * Verified: with it the program verifies again without this failure and with no new one.
 */
export interface Suggestion {
  readonly fact: string;
  readonly clause: string;
  readonly line: number;
  readonly column: number;
}

export type FailureClass = 'real' | 'spec-too-weak' | 'undecided';

export interface Abstraction {
  readonly kind: 'invariant' | 'ensures' | 'join';
  /** The line of the invariant, ensures or join clause that lost the fact. */
  readonly line: number;
  /** What it did not say, in words. */
  readonly forgot: string;
}

export interface ProofDependency {
  readonly line: number;
  /** What the fact is: `requires of main`, `x > 0 is true`, `assume`, `invariant of the loop at line 7`, … */
  readonly reason: string;
}

export interface ProofReport {
  readonly kind: FailureKind;
  readonly line: number;
  readonly column: number;
  /** The check, as its failure would be named (`x > 0`, `main ensures r >= 0`). */
  readonly check: string;
  /** Paths on which it was proved (dependencies are the union over at most MAX_PATHS of them). */
  readonly paths: number;
  readonly dependsOn: readonly ProofDependency[];
}

/** A proof that holds because nothing ran (why/warnings.ts). */
export interface VerifyWarning {
  readonly kind: 'vacuous' | 'unreachable' | 'unused';
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/**
 * `status` `concrete`: the counterexample is over real inputs and replays; `possibly-spurious`:
 * no path that reaches the join fails here (`forgot`: the fact φ lost), `summaryValues` name the
 * values the join made up; `unknown`: undecided. `message` is the line the CLI prints.
 */
export interface AfterJoinReport {
  readonly status: AfterJoin['status'];
  readonly joinLines: readonly number[];
  readonly message?: string;
  readonly forgot?: string;
  readonly summaryValues?: Counterexample;
}

export interface VerifyReport {
  readonly file: string;
  readonly verdict: Verdict;
  readonly paths: {
    total: number;
    completed: number;
    failed: number;
    infeasible: number;
    bounded: number;
    unknown: number;
    /** Runs with synth functions: failure leaves, which exclude functions rather than fail the program. */
    excluded?: number;
  };
  /** Runs with synth functions that found one: each function's parameters, body and depth. */
  readonly synthesized?: Readonly<Record<string, { params: string[]; body: string; depth: number }>>;
  readonly failures: FailureReport[];
  /** Why the verdict is unknown (bounds reached, solver unknowns), deduplicated. */
  readonly notes: string[];
  /** `file` only for a diagnostic in another file than the report's (a Viper import). */
  readonly diagnostics: { file?: string; line: number; column: number; severity: string; message: string }[];
  readonly stats: {
    solverQueries: number;
    solverCalls: number;
    queriesAvoided: number;
    /** Of queriesAvoided: those decided by bounds propagation (solver/bounds.ts). */
    queriesDecidedByBounds: number;
    cacheHitRate: number;
    solverMs: number;
    steps: number;
    wallMs: number;
    pathsPerSecond: number;
    stepsPerSecond: number;
    peakRssMb: number;
  };
  /** Statement and branch coverage of the explored paths (absent in error reports). */
  readonly coverage?: CoverageReport;
  /** What each check that holds rests on (`--proofs`, why/proofs.ts). */
  readonly proofs?: ProofReport[];
  /** Vacuity and reachability warnings (why/warnings.ts); absent when not computed. */
  readonly warnings?: VerifyWarning[];
  /** A generational search (`--searcher generational`): concolic runs made, and the run that first failed. */
  readonly search?: { readonly searcher: 'generational'; readonly runs: number; readonly firstFailureRun?: number };
}

/** Collects ended paths during a run into a report. */
/** Failures in source order; at one place, by kind, so every searcher and job count lists them alike. */
export function bySourceOrder(a: FailureReport, b: FailureReport): number {
  const file = (a.file ?? '').localeCompare(b.file ?? '');
  return file || a.line - b.line || a.column - b.column || a.kind.localeCompare(b.kind);
}

export class ReportBuilder {
  private readonly failures = new Map<string, { report: FailureReport; count: number }>();
  private readonly notes = new Set<string>();
  /** Well-formedness failures (on no path); `count`: explored paths that failed at one of their reads. */
  private readonly wellFormed: { report: FailureReport; reads: readonly Span[]; count: number }[] = [];
  private wellFormedUnknowns = 0;

  addWellFormedness(wf: WellFormedness): void {
    for (const f of wf.failures) this.wellFormed.push({ report: wellFormedReport(f.site), reads: f.reads, count: 0 });
    for (const n of wf.unknowns) this.notes.add(n);
    this.wellFormedUnknowns += wf.unknowns.length;
  }

  addEnded(node: TreeNode): void {
    const s = node.state;
    if (s.status === 'failed' && s.failure) this.addFailure(node);
    else if ((s.status === 'bounded' || s.status === 'unknown') && s.note) this.notes.add(s.note);
  }

  private addFailure(node: TreeNode): void {
    const s = node.state;
    const f = s.failure!;
    // A read the well-formedness pass already reported, met again on a path: the same failure, listed once.
    const framed =
      f.kind === 'permission' || f.kind === 'div-by-zero' || f.kind === 'out-of-bounds'
        ? this.wellFormed.find((w) => w.report.kind === f.kind && w.reads.some((r) => spanWithin(f.span, r)))
        : undefined;
    if (framed) {
      framed.count++;
      return;
    }
    const key = `${f.kind}:${f.span.file ?? ''}:${f.span.line}:${f.span.col}`;
    const known = this.failures.get(key);
    if (known) {
      known.count++;
      return;
    }
    this.failures.set(key, {
      count: 1,
      report: {
        kind: f.kind,
        line: f.span.line,
        column: f.span.col,
        endLine: f.span.endLine,
        endColumn: f.span.endCol,
        ...(f.span.file === undefined ? {} : { file: f.span.file }),
        message: `${FAILURE_TITLES[f.kind]}: ${f.message}`,
        formula: f.message,
        ...counterexampleOf(inputSymbols(s), f),
        trace: traceLines(s.trace),
        paths: 1,
        ...explanationOf(node),
      },
    });
  }

  build(file: string, counts: TreeCounts, solver: SolverStats, wallMs: number, peakRssMb: number): VerifyReport {
    const e = counts.ended;
    const failures = [...this.failures.values(), ...this.wellFormed]
      .map(({ report, count }) => ({ ...report, paths: count }))
      .sort(bySourceOrder);
    const verdict = verdictOf(failures.length, { bounded: e.bounded, unknown: e.unknown + this.wellFormedUnknowns });
    const total = e.done + e.failed + e.infeasible + e.bounded + e.unknown;
    const avoided = avoidedQueries(solver);
    return {
      file,
      verdict,
      paths: {
        total,
        completed: e.done,
        failed: e.failed,
        infeasible: e.infeasible,
        bounded: e.bounded,
        unknown: e.unknown,
      },
      failures,
      notes: [...this.notes],
      diagnostics: [],
      stats: {
        solverQueries: solver.queries,
        solverCalls: solver.backendCalls,
        queriesAvoided: avoided,
        queriesDecidedByBounds: solver.avoidedBounds,
        cacheHitRate: solver.queries === 0 ? 0 : solver.avoidedCache / solver.queries,
        solverMs: Math.round(solver.solverMs * 10) / 10,
        steps: counts.steps,
        wallMs: Math.round(wallMs),
        pathsPerSecond: wallMs > 0 ? Math.round(total / (wallMs / 1000)) : 0,
        stepsPerSecond: wallMs > 0 ? Math.round(counts.steps / (wallMs / 1000)) : 0,
        peakRssMb: Math.round(peakRssMb),
      },
    };
  }
}

function counterexampleOf(
  inputs: ReturnType<typeof inputSymbols>,
  f: Failure,
): { counterexample: Counterexample; u8?: readonly string[]; afterJoin?: AfterJoinReport } {
  const shown = shownCounterexample(inputs, f.model, f);
  const u8 = [...u8Names(inputs)].filter((k) => k in shown.counterexample);
  const chars = u8.length > 0 ? { u8 } : {};
  const aj = f.afterJoin;
  if (!aj) return { counterexample: shown.counterexample, ...chars };
  const message = afterJoinText(aj);
  return {
    counterexample: shown.counterexample,
    ...chars,
    afterJoin: {
      status: aj.status,
      joinLines: aj.lines,
      ...(message ? { message } : {}),
      ...(aj.forgot ? { forgot: aj.forgot } : {}),
      ...(shown.summaryValues ? { summaryValues: shown.summaryValues } : {}),
    },
  };
}

/** A well-formedness failure: on no path, so no inputs and no trace (docs/design.md E.5). */
function wellFormedReport(f: FailureSite): FailureReport {
  return {
    kind: f.kind,
    line: f.span.line,
    column: f.span.col,
    endLine: f.span.endLine,
    endColumn: f.span.endCol,
    ...(f.span.file === undefined ? {} : { file: f.span.file }),
    message: `${FAILURE_TITLES[f.kind]}: ${f.message}`,
    formula: f.message,
    counterexample: {},
    trace: [],
    paths: 0,
  };
}

function explanationOf(node: TreeNode): Pick<FailureReport, 'explanation' | 'lostAt'> {
  const loss = permissionLoss(node);
  if (!loss) return {};
  return loss.steps.length > 0 ? { explanation: loss.text, lostAt: loss.steps } : { explanation: loss.text };
}

/** Any failure fails the run; otherwise a bounded or undecided path leaves it unknown. */
export function verdictOf(failures: number, ended: { readonly bounded: number; readonly unknown: number }): Verdict {
  return failures > 0 ? 'failed' : ended.bounded > 0 || ended.unknown > 0 ? 'unknown' : 'verified';
}

export function errorReport(file: string, diagnostics: readonly Diagnostic[]): VerifyReport {
  return {
    file,
    verdict: 'error',
    paths: { total: 0, completed: 0, failed: 0, infeasible: 0, bounded: 0, unknown: 0 },
    failures: [],
    notes: [],
    diagnostics: diagnostics.map((d) => ({
      ...(d.file === file ? {} : { file: d.file }),
      line: d.span.line,
      column: d.span.col,
      severity: d.severity,
      message: d.message,
    })),
    stats: {
      solverQueries: 0,
      solverCalls: 0,
      queriesAvoided: 0,
      queriesDecidedByBounds: 0,
      cacheHitRate: 0,
      solverMs: 0,
      steps: 0,
      wallMs: 0,
      pathsPerSecond: 0,
      stepsPerSecond: 0,
      peakRssMb: 0,
    },
  };
}

// Real bug or too-weak specification (issue 25): each failure of a report gets a class.
// - `real`: a concrete input reaches it. First the failure's own counterexample is replayed by
//   the concrete interpreter (as `symdap run --inputs` does); in modular mode, where a loop is
//   its invariant and a call its callee's contract, the procedure is then explored with callees
//   inlined and loops unrolled (bounded), and a failure found there at the same place is
//   replayed in turn. The input that replays is given.
// - `spec-too-weak`: that exploration ended every path and none fails here, so only an
//   abstraction on the failing path (a loop invariant, a callee's ensures, a `join φ;`) lets it
//   fail: the last one on the path is named with what it did not say, and, where one is found
//   and confirmed, the fact that closes the gap (why/suggest.ts).
// - `undecided`: the bounds ran out (or the solver could not decide) before either was shown.
// A failure on no path (well-formedness: the specification itself is ill-formed) needs no run of
// the program to show it: `real`, without an input (the failure's own text names the values).

import type { CheckedProgram } from '../../lang/checked';
import type { Expr, Proc, Stmt } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Solver } from '../solver/solver';
import type { Abstraction, FailureClass, FailureReport, Suggestion, VerifyReport } from '../verify/report';
import type { Counterexample } from '../state/counterexample';
import { isOnNoPath } from '../state/counterexample';
import { replayInputs } from '../concrete/replay';
import { forEachStmt } from '../rules/walkStmts';
import { verifyProgram, type VerifyOutcome } from '../verify/verify';
import { languageOf, type SourceLanguage } from '../../lang/language';
import { suggestFact, type SuggestContext } from './suggest';
import { usesCollections } from './collections';

export interface Classification {
  readonly class: FailureClass;
  /** For `real`: inputs that replay to this failure with `symdap run --inputs`. */
  readonly input?: Counterexample;
  readonly abstraction?: Abstraction;
  /** For `spec-too-weak`: the fact that closes the gap, confirmed by verifying again with it. */
  readonly suggestion?: Suggestion;
  /** The class in a sentence, for the CLI, the debugger and diagnostics. */
  readonly classNote: string;
}

export interface ClassifyOptions {
  readonly mode: 'explore' | 'modular';
  readonly entry: Proc;
  /** Bounds of the inlined exploration (modular failures). */
  readonly loopBound?: number;
  readonly recursionBound?: number;
  /** The source's language (suggested facts are written in Sym): the file's extension's when absent. */
  readonly lang?: SourceLanguage;
  /** The whole program's modular report, when the report classified is one (else verified again if a suggestion needs it). */
  readonly modularReport?: VerifyReport;
}

const INLINED_BOUNDS = { loopBound: 8, recursionBound: 4 };

/** The report with a class on every failure. */
export async function classifyFailures(
  checked: CheckedProgram,
  solver: Solver,
  report: VerifyReport,
  opts: ClassifyOptions,
): Promise<VerifyReport> {
  const explored = new Map<Proc, Promise<VerifyOutcome>>();
  const inlined = (proc: Proc): Promise<VerifyOutcome> => {
    let r = explored.get(proc);
    if (!r) {
      r = verifyProgram(checked, solver, {
        mode: 'explore',
        entry: proc.name,
        loopBound: opts.loopBound ?? INLINED_BOUNDS.loopBound,
        recursionBound: opts.recursionBound ?? INLINED_BOUNDS.recursionBound,
        // Each path's inputs: the runs a suggested fact is read off (why/suggest.ts).
        collectTests: true,
      });
      explored.set(proc, r);
    }
    return r;
  };
  let baseline: Promise<VerifyReport> | undefined;
  const ways: Ways = {
    inlined,
    baseline: () =>
      (baseline ??= opts.modularReport
        ? Promise.resolve(opts.modularReport)
        : verifyProgram(checked, solver, {
            mode: 'modular',
            entry: opts.entry.name,
            loopBound: opts.loopBound,
            recursionBound: opts.recursionBound,
          }).then((o) => o.report)),
    solver,
  };
  const failures: FailureReport[] = [];
  for (const f of report.failures) failures.push({ ...f, ...(await classify(checked, f, opts, ways)) });
  return { ...report, failures };
}

/** What classifying needs beyond the failure: the inlined exploration (once per procedure), the program's modular report. */
interface Ways {
  readonly inlined: (p: Proc) => Promise<VerifyOutcome>;
  readonly baseline: () => Promise<VerifyReport>;
  readonly solver: Solver;
}

async function classify(
  checked: CheckedProgram,
  f: FailureReport,
  opts: ClassifyOptions,
  ways: Ways,
): Promise<Classification> {
  if (f.kind === 'refute')
    return { class: 'real', classNote: 'real: every explored path that reaches it proves the assertion' };
  if (isOnNoPath(f))
    return {
      class: 'real',
      classNote: 'real: the specification itself is not well-formed; no run of the program is needed to show it',
    };
  const proc = opts.mode === 'modular' ? (procAt(checked, f.line) ?? opts.entry) : opts.entry;
  if (f.afterJoin?.status === 'possibly-spurious') {
    const line = f.afterJoin.joinLines[f.afterJoin.joinLines.length - 1];
    const forgot = f.afterJoin.forgot ? `forgot ${f.afterJoin.forgot}` : 'says too little for this check';
    return tooWeak({ kind: 'join', line, forgot });
  }
  // Checked before a replay: a concrete run has no value of these types to start a local with.
  if (usesCollections(checked.program))
    return {
      class: 'undecided',
      classNote: 'undecided: sets, sequences and perm values are not run concretely, so no input is replayed',
    };
  if (replays(checked, proc, f, f.counterexample)) return real(f.counterexample, 'its counterexample replays');
  if (opts.mode === 'explore' && !f.afterJoin) {
    // Explore mode abstracts nothing but joins: a failure there is on a feasible path.
    return {
      class: 'real',
      input: f.counterexample,
      classNote: `real: a feasible path reaches it${f.kind === 'permission' ? ' (a concrete run checks no permissions)' : ''}`,
    };
  }
  const outcome = await ways.inlined(proc);
  const unrolled = outcome.report;
  const found = unrolled.failures.find(
    (g) => g.kind === f.kind && g.line === f.line && g.afterJoin?.status !== 'possibly-spurious',
  );
  if (found && (found.kind === 'permission' || replays(checked, proc, found, found.counterexample))) {
    return real(found.counterexample, `with ${proc.name}'s callees inlined and loops unrolled`);
  }
  if (unrolled.paths.bounded > 0 || unrolled.paths.unknown > 0) {
    const why =
      unrolled.paths.bounded > 0
        ? `loops unrolled ${INLINED_BOUNDS.loopBound} times and calls ${INLINED_BOUNDS.recursionBound} deep`
        : 'the solver could not decide every path';
    return { class: 'undecided', classNote: `undecided: no input found that reaches it within the bounds (${why})` };
  }
  const a = abstractionOn(checked, proc, f);
  const sym = (opts.lang ?? languageOf(checked.file)) === 'sym';
  const cx: SuggestContext = {
    checked,
    solver: ways.solver,
    proc,
    inputs: outcome.tests.map((t) => t.inputs),
    entry: opts.entry.name,
    loopBound: opts.loopBound,
    recursionBound: opts.recursionBound,
    baseline: ways.baseline,
  };
  return tooWeak(a, a && sym ? await suggestFact(cx, f, a) : undefined);
}

function real(input: Counterexample, how: string): Classification {
  return { class: 'real', input, classNote: `real: a concrete input reaches it (${how})` };
}

function tooWeak(a: Abstraction | undefined, suggestion?: Suggestion): Classification {
  if (!a) return { class: 'spec-too-weak', classNote: 'specification too weak: no input reaches this failure' };
  const what =
    a.kind === 'join'
      ? `the join at line ${a.line}`
      : a.kind === 'invariant'
        ? `the invariant at line ${a.line}`
        : `the ensures at line ${a.line}`;
  const fix = suggestion ? `; adding \`${suggestion.clause}\` at line ${suggestion.line} closes it` : '';
  return {
    class: 'spec-too-weak',
    abstraction: a,
    ...(suggestion ? { suggestion } : {}),
    classNote: `specification too weak: no input reaches this failure; ${what} ${a.forgot}${fix}`,
  };
}

/** Does a concrete run of `proc` on `input` fail with this failure's kind at its line? */
function replays(checked: CheckedProgram, proc: Proc, f: FailureReport, input: Counterexample): boolean {
  const { run } = replayInputs(checked, proc, JSON.parse(JSON.stringify(input)));
  return run?.status === 'failed' && run.failure?.kind === f.kind && run.failure.span.line === f.line;
}

/** The procedure whose declaration (contract and body) holds the line. */
function procAt(checked: CheckedProgram, line: number): Proc | undefined {
  return [...checked.procs.values()].find((p) => p.span.line <= line && line <= p.span.endLine);
}

/**
 * The abstraction the failing path went through last: a loop with invariants (its first
 * invariant) or a call (the callee's first ensures) on the trace before the failure; a failing
 * invariant is itself the abstraction that is too weak (not inductive).
 */
function abstractionOn(checked: CheckedProgram, proc: Proc, f: FailureReport): Abstraction | undefined {
  const formula = f.formula;
  if (f.kind === 'invariant')
    return {
      kind: 'invariant',
      line: f.line,
      forgot: `is not inductive as stated: strengthen it so that ${formula} follows`,
    };
  const at = abstractionsByLine(checked, proc);
  for (let i = f.trace.length - 1; i >= 0; i--) {
    const a = at.get(f.trace[i]);
    if (a && f.trace[i] !== f.line)
      return { ...a, forgot: `${a.forgot}: it does not imply what the check needs (${formula})` };
  }
  return undefined;
}

function abstractionsByLine(checked: CheckedProgram, proc: Proc): Map<number, Abstraction> {
  const at = new Map<number, Abstraction>();
  forEachStmt(proc.body.stmts, (st) => {
    if (st.kind === 'while' && st.invariants.length > 0)
      at.set(st.span.line, { kind: 'invariant', line: st.invariants[0].span.line, forgot: 'says too little' });
    const callee = calleeOf(checked, st);
    if (callee) {
      const line = callee.ensures[0]?.span.line ?? callee.nameSpan.line;
      const said =
        callee.ensures.length === 0
          ? 'has no ensures'
          : `(${callee.ensures.map((e: Expr) => printExpr(e)).join(' && ')}) says too little`;
      at.set(st.span.line, { kind: 'ensures', line, forgot: `of ${callee.name} ${said}` });
    }
  });
  return at;
}

/** The procedure a statement calls (`p(…);`, `x := p(…);`, `var x := p(…);`, `a, b := p(…);`). */
function calleeOf(checked: CheckedProgram, st: Stmt): Proc | undefined {
  const call =
    st.kind === 'callStmt' || st.kind === 'callAssign'
      ? st.call
      : st.kind === 'assign'
        ? st.value
        : st.kind === 'varDecl'
          ? st.init
          : undefined;
  return call?.kind === 'call' ? checked.procs.get(call.callee) : undefined;
}

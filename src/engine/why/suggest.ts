// The fact that would close a `spec too weak` gap (issue 25): for a failure whose last
// abstraction is a loop invariant or a callee's ensures, a value or relation that holds on
// every concrete run found reaching that place (why/observe.ts, why/candidates.ts), added to
// that invariant or ensures and confirmed by the solver: the program, so strengthened, is
// verified again in modular mode and the failure must be gone with no new failure (the
// strengthened invariant still holds on entry and is kept by the body; the strengthened
// ensures still holds for the callee). Never a vacuous fact: every candidate holds on a
// reachable state where the clauses already written hold too (a concrete witness that the
// strengthened invariant or postcondition is satisfiable where it is established).

import type { Proc, Stmt, While } from '../../lang/ast';
import type { CheckedProgram, Declaration } from '../../lang/checked';
import { loadSource } from '../../lang/frontend';
import { hasErrors } from '../../lang/diagnostics';
import type { Solver } from '../solver/solver';
import type { Abstraction, FailureReport, Suggestion, VerifyReport } from '../verify/report';
import type { Counterexample } from '../state/counterexample';
import { verifyProgram } from '../verify/verify';
import { declarationsOf, assignedIn } from '../rules/modifies';
import { forEachStmt } from '../rules/walkStmts';
import { replayInputs } from '../concrete/replay';
import { watching, type Observation, type Place } from './observe';
import { candidateFacts } from './candidates';

export interface SuggestContext {
  readonly checked: CheckedProgram;
  readonly solver: Solver;
  /** The procedure the failing path started in, and the inputs of its paths explored with callees inlined. */
  readonly proc: Proc;
  readonly inputs: readonly Counterexample[];
  readonly entry: string;
  readonly loopBound?: number;
  readonly recursionBound?: number;
  /** The program's own modular report, computed once per classification (what "no new failure" is measured against). */
  readonly baseline: () => Promise<VerifyReport>;
}

/** Re-verifications tried per failure at the most (each is a modular run of the whole program). */
const MAX_TRIES = 4;
/** Concrete runs watched per failure: the explored paths' inputs, then variations of the parameters. */
const MAX_RUNS = 40;
const VARIATIONS = [-2n, -1n, 0n, 1n, 2n, 3n, 5n, 7n];

export async function suggestFact(
  cx: SuggestContext,
  f: FailureReport,
  a: Abstraction,
): Promise<Suggestion | undefined> {
  if (a.kind === 'join') return undefined;
  const place = placeOf(cx.checked, cx.proc, a);
  if (!place) return undefined;
  const seen = observe(cx, place);
  const open =
    place.kind === 'loop'
      ? [...assignedIn(place.loop.body.stmts).names].filter((n) => place.names.has(n))
      : place.callee.returns.map((r) => r.name).filter((n) => place.names.has(n));
  const related = new Set(f.formula.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
  const candidates = candidateFacts(seen, open, [...place.names], related);
  for (const c of candidates.slice(0, MAX_TRIES)) {
    const s = suggestionAt(cx.checked, place, c.fact);
    if (await confirmed(cx, f, s)) return s;
  }
  return undefined;
}

/** Adds the suggestion's clause to `source` where it says (the same line: no line moves). */
export function withSuggestion(source: string, s: Suggestion): string {
  const lines = source.split('\n');
  const offset = lines.slice(0, s.line - 1).reduce((n, l) => n + l.length + 1, 0) + s.column - 1;
  return `${source.slice(0, offset)} ${s.clause}${source.slice(offset)}`;
}

function suggestionAt(checked: CheckedProgram, place: Place, fact: string): Suggestion {
  if (place.kind === 'loop') {
    const last = place.loop.invariants[place.loop.invariants.length - 1].span;
    return { fact, clause: `invariant ${fact}`, line: last.endLine, column: last.endCol };
  }
  const last = place.callee.ensures[place.callee.ensures.length - 1]?.span;
  // Without an ensures, the clause goes just before the body's brace (` ensures F {`).
  const at = last ? { line: last.endLine, column: last.endCol } : bodyStart(checked, place.callee);
  return { fact, clause: `ensures ${fact}`, ...at };
}

function bodyStart(checked: CheckedProgram, p: Proc): { line: number; column: number } {
  const { line, col } = p.body.span;
  // The space before the brace, so that the clause stands apart from what precedes it.
  const text = checked.source.split('\n')[line - 1] ?? '';
  return { line, column: col > 1 && text[col - 2] === ' ' ? col - 1 : col };
}

/** The strengthened program verified again: this failure gone, no failure that the program did not have. */
async function confirmed(cx: SuggestContext, f: FailureReport, s: Suggestion): Promise<boolean> {
  const { checked, diagnostics } = loadSource(withSuggestion(cx.checked.source, s), cx.checked.file, 'sym');
  if (!checked || hasErrors(diagnostics)) return false;
  const out = await verifyProgram(checked, cx.solver, {
    mode: 'modular',
    entry: cx.entry,
    loopBound: cx.loopBound,
    recursionBound: cx.recursionBound,
  });
  const base = await cx.baseline();
  const r = out.report;
  if (r.verdict === 'error' || r.paths.unknown > base.paths.unknown) return false;
  const before = new Set(base.failures.map(site));
  return (
    !r.failures.some((g) => g.kind === f.kind && g.line === f.line) && r.failures.every((g) => before.has(site(g)))
  );
}

const site = (g: FailureReport): string => `${g.kind}:${g.line}:${g.column}`;

/** The explored paths' inputs and variations of the procedure's int parameters, run and watched at `place`. */
function observe(cx: SuggestContext, place: Place): Observation[] {
  const seen: Observation[] = [];
  const run = watching(place, seen);
  const base = cx.inputs[0] ?? {};
  const ints = cx.proc.params.filter((p) => cx.checked.declTypes.get(p)?.kind === 'int').map((p) => p.name);
  const variations = ints.flatMap((n) => VARIATIONS.map((v) => ({ ...base, [n]: Number(v) })));
  for (const input of [...cx.inputs, ...variations].slice(0, MAX_RUNS))
    replayInputs(cx.checked, cx.proc, JSON.parse(JSON.stringify(input)), run);
  return seen;
}

/** The loop whose invariants or the callee whose ensures the abstraction names, with the int names a fact may use. */
function placeOf(checked: CheckedProgram, proc: Proc, a: Abstraction): Place | undefined {
  if (a.kind === 'invariant') {
    let loop: While | undefined;
    forEachStmt(proc.body.stmts, (st) => {
      if (st.kind === 'while' && st.invariants.some((inv) => inv.span.line === a.line)) loop ??= st;
    });
    return loop && { kind: 'loop', proc, loop, names: intNames(checked, proc, scopeAt(proc, loop)) };
  }
  const callee = [...checked.procs.values()].find((p) => (p.ensures[0]?.span ?? p.nameSpan).line === a.line);
  return callee && { kind: 'call', callee, names: intNames(checked, callee, [...callee.params, ...callee.returns]) };
}

/** Int-typed names among `decls` that no other declaration of the procedure or global shadows. */
function intNames(checked: CheckedProgram, proc: Proc, decls: readonly Declaration[]): Set<string> {
  const count = new Map<string, number>();
  for (const d of [...declarationsOf(proc), ...checked.globals]) count.set(d.name, (count.get(d.name) ?? 0) + 1);
  const out = new Set<string>();
  for (const d of decls) {
    const t = checked.declTypes.get(d);
    if (t?.kind === 'int' && count.get(d.name) === 1) out.add(d.name);
  }
  return out;
}

/** The declarations in scope at `target`: parameters, results, and the locals declared before it in the blocks around it. */
function scopeAt(proc: Proc, target: Stmt): Declaration[] {
  const found = (stmts: readonly Stmt[], outer: readonly Declaration[]): Declaration[] | undefined => {
    const scope = [...outer];
    for (const st of stmts) {
      if (st === target) return scope;
      for (const inner of innerStmts(st)) {
        const r = found(inner, scope);
        if (r) return r;
      }
      if (st.kind === 'varDecl') scope.push(st);
    }
    return undefined;
  };
  return found(proc.body.stmts, [...proc.params, ...proc.returns]) ?? [];
}

function innerStmts(st: Stmt): (readonly Stmt[])[] {
  if (st.kind === 'block') return [st.stmts];
  if (st.kind === 'while') return [st.body.stmts];
  if (st.kind === 'if') return [st.then.stmts, ...(st.otherwise ? [[st.otherwise]] : [])];
  return [];
}

// The well-formedness pass (docs/design.md B.5, seed Definitions 3–5): once per verification, in both
// modes and before exploring, every assertion of the program must be self-framing. For every
// procedure its `requires` is produced from an empty heap, and its `ensures` from an empty
// heap with the requires' heap as the old heap; every predicate body is produced; every
// function's `requires` is produced and its body evaluated in that heap. A read (or a
// function call, an `unfolding`) that the permissions produced before it do not cover is a
// `permission` failure at the clause, or where a predicate or function body starts (E.4). It
// is on no path: no inputs, no trace (E.5). Reuses produce and the evaluator as they are.

import type { Expr, Param, Proc } from '../../lang/ast';
import { astNodes } from '../../lang/astNodes';
import { printExpr } from '../../lang/printer';
import { spanWithin, type Span } from '../../lang/span';
import type { FailureSite } from '../state/failures';
import { initialState } from './initial';
import type { State, SymValue } from '../state/state';
import { EvalError, evalExpr, type Obligation } from './eval';
import { EMPTY_HEAP, type Heap } from '../state/chunks';
import type { CheckedProgram } from '../../lang/checked';
import type { Solver } from '../solver/solver';
import { TermStore } from '../terms/store';
import type { EngineContext, EngineOptions, Successor } from './context';
import { contractEnv } from './callFrames';
import { checkObligations } from './evalChecked';
import { withHeaps } from './frames';
import { freshValue } from './havoc';
import { produce, type ProduceHow } from './produce';
import { consume } from './consume';
import { hasInhaleExhale } from './heap/assertions';
import { isInhaleHelper, notFramed } from './inhaleReads';
import { hasSides } from './inhaleExhaleSides';

export interface WellFormedFailure {
  /** Kind `permission`, at the clause or body: "… is not self-framing: reads c.x without acc(c.x)". */
  readonly site: FailureSite;
  /** Where the uncovered reads are: a permission failure the exploration meets at one of them is this failure again. */
  readonly reads: readonly Span[];
}

export interface WellFormedness {
  readonly failures: readonly WellFormedFailure[];
  /** Questions the solver could not decide: the verdict cannot be `verified`. */
  readonly unknowns: readonly string[];
}

export const WELL_FORMED: WellFormedness = { failures: [], unknowns: [] };

/** One assertion (or body) to check, and how its failures are worded and placed. */
const SIDES = ['inhale', 'exhale'] as const;

interface Part {
  /** `bad requires`, `the body of predicate p`. */
  readonly what: string;
  readonly clauses: readonly Expr[];
  /** A body: every failure is reported where it starts (E.4); a clause list: at the clause. */
  readonly body?: boolean;
  /** The side of `[A, B]` read (both are checked, rules/heap/assertions.ts). */
  readonly side?: 'inhale' | 'exhale';
  /** A Viper statement's helper: quantified receivers' injectivity is the call's to check (rules/quantifiedInjective.ts). */
  readonly helper?: boolean;
  /** Divisions are checked too (a Viper function's requires: not.wellformed:division.by.zero). */
  readonly definedness?: boolean;
}

/** What one pass found; failures keyed by place and message (several paths may meet one read). */
class Findings {
  readonly failures = new Map<string, { site: FailureSite; reads: Span[] }>();
  readonly unknowns = new Set<string>();
  private readonly pending = new Map<string, Span[]>();

  /** The obligation `o` of `part`, re-placed and re-worded as a well-formedness failure. */
  selfFraming(part: Part): (o: Obligation) => Obligation {
    return (o) => {
      const clause = part.body
        ? part.clauses[0]
        : (part.clauses.find((c) => spanWithin(o.span, c.span)) ?? part.clauses[0]);
      const shown = part.body ? part.what : `${part.what} ${printExpr(clause, 80)}`;
      const mapped = { ...o, span: clause.span, message: notFramed(o, shown) };
      const key = keyOf(mapped.span, mapped.message);
      // One list per failure, shared with it: a read mapped later to the same failure joins it.
      const reads = this.pending.get(key) ?? [];
      reads.push(o.span);
      this.pending.set(key, reads);
      return mapped;
    };
  }

  /** Records the failures and unknowns among the leaves of one check. */
  take(leaves: readonly Successor[]): void {
    for (const { state } of leaves) {
      const f = state.failure;
      const key = f && keyOf(f.span, f.message);
      // Other failures (a nested instance's body, say) are their own declaration's to report.
      if (state.status === 'failed' && f && key && this.pending.has(key) && !this.failures.has(key)) {
        this.failures.set(key, {
          site: { kind: f.kind, span: f.span, message: f.message },
          reads: this.pending.get(key)!,
        });
      }
      if (state.status === 'unknown' && state.note) this.unknowns.add(state.note);
    }
  }

  result(): WellFormedness {
    return { failures: [...this.failures.values()], unknowns: [...this.unknowns] };
  }
}

function keyOf(span: Span, message: string): string {
  return `${span.line}:${span.col}:${message}`;
}

/** The pass on a term store of its own: the terms of the run that follows are those of a run without it. */
export function wellFormedness(
  checked: CheckedProgram,
  solver: Solver,
  options: EngineOptions,
): Promise<WellFormedness> {
  let activation = 0;
  const ctx: EngineContext = { checked, T: new TermStore(), solver, options, nextActivation: () => ++activation };
  return checkWellFormed(ctx);
}

/**
 * Checks every procedure, predicate and function of the program (declaration order). A
 * program without objects has no read to frame: its produces check nothing and ask nothing.
 */
export async function checkWellFormed(ctx: EngineContext): Promise<WellFormedness> {
  const found = new Findings();
  for (const d of ctx.checked.program.decls) {
    try {
      // Both sides of an inhale-exhale assertion must be well-formed (Viper checks A and B alike).
      // A Viper inhale's or exhale's helper is checked at its call (rules/calls.ts), in the caller's
      // state as Viper checks the statement's assertion: consume checks an exhale's reads, produce
      // an inhale's (inhaleReads.ts). Alone it would need its own permissions for reads the state frames
      // (`exhale acc(this.ar[i].f)` with acc(this.ar, wildcard) held: third_party/forward-dep.vpr).
      if (d.kind === 'proc' && !checkedAtCall(d))
        for (const side of [...d.requires, ...d.ensures].some(hasInhaleExhale) ? SIDES : [undefined])
          await checkProc(ctx, d, found, side);
      if (d.kind === 'predicate')
        await checkAssertion(
          ctx,
          d.params,
          d.name,
          // A Viper body's divisions and indices too (predicate.not.wellformed:division.by.zero).
          { what: `the body of predicate ${d.name}`, clauses: [d.body], body: true, definedness: viper(ctx) },
          found,
        );
      // A function's `[A, B]`: its body is checked assuming A (below), and B must be well-formed too.
      if (d.kind === 'function' && d.requires.some(hasInhaleExhale))
        await checkAssertion(ctx, d.params, d.name, { ...functionPre(ctx, d.name, d.requires), side: 'exhale' }, found);
      if (d.kind === 'function' && d.body) await checkFunction(ctx, d.params, d.name, d.requires, d.body, found);
      // An abstract function's requires is checked here; its ensures, by the procedure the front end makes of them.
      if (d.kind === 'function' && !d.body)
        await checkAssertion(ctx, d.params, d.name, functionPre(ctx, d.name, d.requires), found);
    } catch (e) {
      // A construct the evaluator refuses is reported where the exploration meets it; anything
      // else leaves this declaration unchecked, which the verdict says (unknown), never a crash.
      if (!(e instanceof EvalError))
        found.unknowns.add(
          `the well-formedness of ${d.kind} ${d.name} could not be checked: ${e instanceof Error ? e.message : String(e)}`,
        );
    }
  }
  return found.result();
}

/**
 * A statement helper's assertion is checked where it is called: an inhale's always (its reads
 * in the caller's heaps, inhaleReads.ts); an exhale's too unless it holds `[A, B]`, which is
 * checked here as well (both sides; the call reads one); and a contract-only one reading old.
 */
function checkedAtCall(p: Proc): boolean {
  if (p.contractOnly && readsOld([p.requires, p.ensures])) return true;
  if (isInhaleHelper(p)) return true;
  return p.statementHelper === true && ![...p.requires, ...p.ensures].some(hasInhaleExhale);
}

/** Whether an expression has an `old(…)` in it. */
function readsOld(e: unknown): boolean {
  if (Array.isArray(e)) return e.some(readsOld);
  if (e === null || typeof e !== 'object') return false;
  const node = e as Record<string, unknown>;
  return node.kind === 'old' || Object.entries(node).some(([k, v]) => k !== 'span' && readsOld(v));
}

/** A state holding `params` as fresh inputs (and the globals, as a root of `name` has them), with an empty heap. */
function startState(ctx: EngineContext, params: readonly Param[], name: string, nameSpan: Span): State {
  const span = { ...nameSpan, endLine: nameSpan.line, endCol: nameSpan.col };
  const shell: Proc = {
    kind: 'proc',
    name,
    nameSpan,
    params,
    returns: [],
    requires: [],
    ensures: [],
    body: { kind: 'block', stmts: [], span },
    span,
  };
  return { ...initialState(ctx, shell), heap: EMPTY_HEAP };
}

function paramsOf(s: State): Map<string, SymValue> {
  return new Map(s.frames[0].entry);
}

function how(ctx: EngineContext, env: ProduceHow['envAt'], part: Part, found: Findings): ProduceHow {
  const site = found.selfFraming(part);
  return {
    consume,
    envAt: env,
    checkObligations: false,
    reason: `well-formedness of ${part.what}`,
    side: part.side,
    selfFraming: site,
    // An amount that may be negative is reported as an uncovered read is.
    amountSite: site,
    ...(part.definedness ? { definedness: true } : {}),
    ...(part.helper ? { injectivity: 'assume' as const } : {}),
    naming: (st, display, type) => freshValue(ctx, st, display, type, `${display} (well-formedness of ${part.what})`),
  };
}

/** Produces `part` from an empty heap; the states that go on. */
async function produceFrom(
  ctx: EngineContext,
  s: State,
  params: ReadonlyMap<string, SymValue>,
  part: Part,
  found: Findings,
  oldHeap?: Heap,
): Promise<State[]> {
  const env = (st: State) => withHeaps(contractEnv(ctx, st, params, params), st.heap, oldHeap ?? st.heap);
  const out = await produce(ctx, s, part.clauses, how(ctx, env, part, found));
  found.take(out.leaves);
  return out.nexts;
}

async function checkAssertion(
  ctx: EngineContext,
  params: readonly Param[],
  name: string,
  part: Part,
  found: Findings,
): Promise<State[]> {
  const s = startState(ctx, params, name, part.clauses[0]?.span ?? { line: 1, col: 1, endLine: 1, endCol: 1 });
  return part.clauses.length === 0 ? [s] : produceFrom(ctx, s, paramsOf(s), part, found);
}

/** `requires` from an empty heap; `ensures` from an empty heap, old reading the requires' heap and the parameters. */
async function checkProc(ctx: EngineContext, p: Proc, found: Findings, side?: Part['side']): Promise<void> {
  const pres = await checkAssertion(
    ctx,
    p.params,
    p.name,
    { what: `${p.name} requires`, clauses: p.requires, side, helper: p.statementHelper },
    found,
  );
  if (p.ensures.length === 0) return;
  for (const pre of pres.length > 0 ? pres : await leniently(ctx, p, found, side)) {
    const params = paramsOf(pre);
    let s: State = { ...pre, heap: EMPTY_HEAP };
    const results = new Map(params);
    for (const r of p.returns) {
      const fresh = freshValue(
        ctx,
        s,
        r.name,
        ctx.checked.declTypes.get(r) ?? r.type,
        `result ${r.name} of ${p.name} (well-formedness)`,
      );
      s = fresh.state;
      results.set(r.name, fresh.value);
    }
    const part: Part = { what: `${p.name} ensures`, clauses: p.ensures, side, helper: p.statementHelper };
    const env = (st: State) => withHeaps(contractEnv(ctx, st, results, params), st.heap, pre.heap);
    // Viper checks a postcondition's definedness once, here (not.wellformed:division.by.zero):
    // its divisions too, not only its reads (docs/viper.md).
    const definedness = ctx.checked.viperSites !== undefined;
    const out = await produce(ctx, s, p.ensures, { ...how(ctx, env, part, found), definedness });
    found.take(out.leaves);
  }
}

/**
 * The requires' heap when the requires is not self-framing (its produce stopped at the read):
 * produced again with every fact guarded by its reads being covered, so that the ensures is
 * still checked against the permissions the requires gives.
 */
async function leniently(ctx: EngineContext, p: Proc, found: Findings, side?: Part['side']): Promise<State[]> {
  const s = startState(ctx, p.params, p.name, p.nameSpan);
  const params = paramsOf(s);
  const env = (st: State) => withHeaps(contractEnv(ctx, st, params, params), st.heap, st.heap);
  const part = { what: `${p.name} requires`, clauses: p.requires, side };
  return (
    await produce(ctx, s, p.requires, {
      ...how(ctx, env, part, found),
      selfFraming: undefined,
      guardedFacts: true,
      injectivity: 'assume',
    })
  ).nexts;
}

/** A function's requires as a part to check: a Viper one's divisions too (Viper checks its definedness, not.wellformed). */
function functionPre(ctx: EngineContext, name: string, requires: readonly Expr[]): Part {
  return { what: `${name} requires`, clauses: requires, definedness: viper(ctx) };
}

/** Whether the program is Viper's, whose definedness (divisions, indices) this pass checks with its reads. */
function viper(ctx: EngineContext): boolean {
  return ctx.checked.viperSites !== undefined;
}

/** A function's `requires` produced, then its body evaluated in that heap (reported where the body starts). */
async function checkFunction(
  ctx: EngineContext,
  params: readonly Param[],
  name: string,
  requires: readonly Expr[],
  body: Expr,
  found: Findings,
): Promise<void> {
  const pres = await checkAssertion(ctx, params, name, functionPre(ctx, name, requires), found);
  const selfFraming = found.selfFraming({ what: `the body of function ${name}`, clauses: [body], body: true });
  for (const pre of pres) {
    const obligations: Obligation[] = [];
    const args = paramsOf(pre);
    evalExpr(body, withHeaps(contractEnv(ctx, pre, args, args), pre.heap, pre.heap), obligations);
    const reads = obligations.filter((o) => o.kind === 'permission' || o.asserting).map(selfFraming);
    // Viper checks a function body's definedness once, here, for every input its precondition
    // admits (function.not.wellformed): its divisions and the preconditions of the functions it
    // applies too, not only its reads. Sym's functions are checked where they are applied.
    // A callee's postcondition is assumed where the run applies it, not in this pass: where the
    // body applies a function with an ensures, a precondition may rest on it (carbon/0200.vpr's
    // unbox(box(false))), so only divisions are checked here and preconditions where applied.
    const assumesPosts = appliesWithEnsures(ctx, body);
    const defined =
      ctx.checked.viperSites === undefined
        ? []
        : obligations.filter((o) => isDefinedness(o) && (o.kind === 'div-by-zero' || !assumesPosts));
    found.take((await checkObligations(ctx, pre, [...reads, ...defined.map(selfFraming)])).leaves);
  }
}

function isDefinedness(o: Obligation): boolean {
  return !o.asserting && (o.kind === 'div-by-zero' || o.kind === 'precondition');
}

/**
 * Whether `e` applies a function (of the program) that has an ensures, which this pass does not
 * assume. One with `[A, B]` in its contract is a keyed application here too, whose postcondition
 * each application assumes (rules/evalCalls.ts): it does not count.
 */
function appliesWithEnsures(ctx: EngineContext, e: Expr): boolean {
  for (const n of astNodes(e)) {
    const fn = n.kind === 'call' ? ctx.checked.functions.get((n as unknown as { callee: string }).callee) : undefined;
    if (fn !== undefined && (fn.ensures?.length ?? 0) > 0 && !hasSides(fn)) return true;
  }
  return false;
}

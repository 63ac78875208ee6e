// The root state of a symbolic run of one procedure: globals initialised (uninitialised
// ones, and in modular mode all of them, are inputs named after themselves), parameters
// fresh symbols named after themselves, results at their default value (arrays empty),
// `requires` assumed (from the first clause with runtime checks on, and after any check of a
// global initialiser, by the first step instead).

import type { Proc } from '../../lang/ast';
import { EMPTY_PC, pcTerms } from '../state/pathCondition';
import { push, pushAll, topFrame, type Frame, type State, type SymValue } from '../state/state';
import { evalExpr, type Obligation } from './eval';
import type { Span } from '../../lang/span';
import { sortOfType } from '../state/sorts';
import { defaultSymValue } from '../state/arrays';
import type { EngineContext } from './context';
import { assumeConjunct, evalClause } from './checks';
import { envFrom, returnInstr, stmtInstrs, withKont } from './frames';
import { freshValue } from './havoc';
import { hasPermission } from './heap/assertions';
import { EMPTY_HEAP } from '../state/chunks';
import { assumeAxioms } from './axioms';

// Every field of State is present, the optional ones as undefined, in one order: states
// derive from this one by spreads, so they all share one object shape, and the spreads at
// every step stay on V8's fast (monomorphic) path instead of a runtime copy.
const EMPTY_STATE: State = {
  frames: [],
  globals: new Map(),
  pc: EMPTY_PC,
  status: 'running',
  model: undefined,
  havocCounts: new Map(),
  failure: undefined,
  note: undefined,
  trace: null,
  waitingAt: undefined,
  inputs: null,
  heap: undefined,
  joinTaken: undefined,
  lastJoin: undefined,
};

/**
 * The globals, and the runtime checks of their initialisers (checked before the entry's body).
 * In modular mode a procedure is verified for arbitrary globals (docs/language.md): every
 * global is an input named after itself, and the initialisers are only checked.
 */
function initGlobals(ctx: EngineContext, s: State, obligations: Obligation[]): State {
  let cur = s;
  const initial = new Map<string, SymValue>();
  const globals = new Map<string, SymValue>();
  const arbitrary = ctx.options.mode === 'modular';
  for (const g of ctx.checked.globals) {
    const init = g.init && g.init.kind !== 'havoc' && g.init.kind !== 'call' ? g.init : undefined;
    let input: SymValue | undefined;
    if (!init || arbitrary) {
      const fresh = freshValue(ctx, cur, g.name, ctx.checked.declTypes.get(g)!, `global ${g.name}`);
      cur = fresh.state;
      input = fresh.value;
    }
    // Initialisers read the initial values of earlier globals, in modular mode too.
    initial.set(
      g.name,
      init
        ? evalExpr(
            init,
            envFrom(ctx, (n) => initial.get(n)),
            obligations,
          )
        : input!,
    );
    globals.set(g.name, input ?? initial.get(g.name)!);
  }
  return { ...cur, globals };
}

/** The state before the first statement of `proc`, with its precondition assumed (not yet checked for feasibility). */
export function initialState(ctx: EngineContext, proc: Proc): State {
  const globalChecks: Obligation[] = [];
  let s = initGlobals(ctx, EMPTY_STATE, globalChecks);
  const params = new Map<string, SymValue>();
  for (const p of proc.params) {
    const input = freshValue(
      ctx,
      s,
      p.name,
      ctx.checked.declTypes.get(p) ?? p.type,
      `parameter ${p.name} of ${proc.name}`,
    );
    s = input.state;
    params.set(p.name, input.value);
  }
  const store = new Map(params);
  for (const r of proc.returns) store.set(r.name, defaultSymValue(ctx.T, sortOfType(r.type)));
  const frame: Frame = {
    proc,
    activation: ctx.nextActivation(),
    store,
    entry: params,
    globalsOnEntry: s.globals,
    kont: pushAll([...stmtInstrs(proc.body.stmts), returnInstr(proc)], null),
    // All fields present (one shape for every frame; see EMPTY_STATE). The old heap is the heap
    // the requires produces (rules/calls.ts, entryRequires), empty until it does.
    callSite: undefined,
    entryHeap: EMPTY_HEAP,
    callerHeap: undefined,
    labels: undefined,
  };
  s = { ...s, frames: [frame] };
  const env = envFrom(ctx, (n) => store.get(n) ?? s.globals.get(n));
  s = assumeAxioms(ctx, s, env);
  // Clauses are assumed here up to the first one with runtime checks; that one and the rest
  // are the first instruction, whose step can fail (see entryRequires).
  const checksFirst = (clauses: Proc['requires'], span: Span): State =>
    withKont(s, push({ kind: 'requires', span, globals: globalChecks, clauses }, topFrame(s).kont));
  if (globalChecks.length > 0) return checksFirst(proc.requires, globalChecks[0].span);
  // The precondition is produced from its first clause that holds a permission or has runtime
  // checks on, in the first step (rules/calls.ts, entryRequires); the pure clauses before it
  // are assumed here, where producing them would add the same facts.
  const isPredicate = (n: string): boolean => ctx.checked.predicates.has(n);
  for (const [i, r] of proc.requires.entries()) {
    if (hasPermission(r, isPredicate)) return checksFirst(proc.requires.slice(i), r.span);
    const c = evalClause(r, env);
    if (c.obligations.length > 0) return checksFirst(proc.requires.slice(i), r.span);
    s = assumeConjunct(s, c.cond, r.span, `requires of ${proc.name}`);
  }
  return s;
}

/** The root state, checked: its path condition must be satisfiable for the path to run. */
export async function rootState(ctx: EngineContext, proc: Proc): Promise<State> {
  const s = initialState(ctx, proc);
  const r = await ctx.solver.model(pcTerms(s.pc));
  if (r.status === 'unsat')
    return { ...s, status: 'infeasible', note: `the precondition of ${proc.name} is unsatisfiable` };
  // Under domain axioms Z3 may find no model of a satisfiable pc: explored, as Viper does (checks.ts).
  if (r.status === 'unknown' && (ctx.checked.axioms?.length ?? 0) > 0) return s;
  if (r.status === 'unknown')
    return { ...s, status: 'unknown', note: `solver could not decide the precondition of ${proc.name}: ${r.reason}` };
  return { ...s, model: r.model };
}

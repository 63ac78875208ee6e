// Sym expressions typed by the user (watches, hovers, the REPL, breakpoint conditions and
// logpoints), evaluated symbolically in one frame of one state, and the solver's verdict on
// a formula under the path condition: valid, satisfiable or unsatisfiable, with witnesses.

import type { CheckedProgram, Declaration } from '../../lang/checked';
import type { Type } from '../../lang/types';
import type { Expr } from '../../lang/ast';
import { typeName } from '../../lang/types';
import { parseExpression } from '../../lang/parser';
import { checkExpression } from '../../lang/checker';
import { formatDiagnostic } from '../../lang/diagnostics';
import { evalExpr, type Obligation } from '../../engine/rules/eval';
import { inputSymbols, isSymArray, type Frame, type State, type SymValue } from '../../engine/state/state';
import { formatModel } from '../../engine/state/counterexample';
import { freeSymbols } from '../../engine/terms/symbols';
import { printTerm } from '../../engine/terms/print';
import { declarationsOf } from '../../engine/rules/modifies';
import { evaluateUnder } from '../../engine/solver/modeleval';
import { valueToString } from '../../engine/terms/values';
import type { Term } from '../../engine/terms/term';
import type { TermStore } from '../../engine/terms/store';
import type { Model, Solver } from '../../engine/solver/solver';
import { REQUEST_LIMITS } from '../limits';
import { EMPTY_HEAP } from '../../engine/state/chunks';
import { heapOfFrame } from './heapView';
import { frameOf, type StateFrame } from './stateFrame';

export const EXPR_FILE = '<expression>';

/** What evaluation needs from a session: the program, the term store and the solver. */
export interface EvalHost {
  readonly checked: CheckedProgram;
  readonly T: TermStore;
  readonly solver: Solver;
}

export { frameOf, type StateFrame };

export type Compiled =
  | { readonly ok: true; readonly value: SymValue; readonly type: Type; readonly obligations: readonly Obligation[] }
  | { readonly ok: false; readonly error: string };

/** Parses, type-checks and symbolically evaluates `text` in the frame. */
export function compileIn(host: EvalHost, sf: StateFrame, text: string): Compiled {
  const frame = frameOf(sf);
  if (!frame) return { ok: false, error: 'this state has no frame to evaluate in' };
  const max = REQUEST_LIMITS.maxExpressionChars;
  if (text.length > max)
    return { ok: false, error: `the expression has ${text.length} characters; the limit is ${max}` };
  try {
    return compileChecked(host, sf, frame, text);
  } catch (e) {
    return { ok: false, error: frontEndError(e) };
  }
}

function compileChecked(host: EvalHost, sf: StateFrame, frame: Frame, text: string): Compiled {
  const parsed = parseExpression(text, EXPR_FILE);
  if (!parsed.expr)
    return { ok: false, error: parsed.diagnostics.map(formatDiagnostic).join('\n') || 'cannot parse the expression' };
  const visible = visibleNames(host.checked, frame, sf.state);
  const checked = checkExpression(
    parsed.expr,
    { lookup: (n) => visible.get(n), spec: true, heap: host.checked },
    EXPR_FILE,
  );
  if (!checked.type)
    return {
      ok: false,
      error: checked.diagnostics.map(formatDiagnostic).join('\n') || 'the expression does not type-check',
    };
  const obligations: Obligation[] = [];
  const value = evalExpr(
    parsed.expr,
    {
      T: host.T,
      types: new LayeredTypes(checked.exprTypes, host.checked.exprTypes),
      lookup: (n) => frame.store.get(n) ?? sf.state.globals.get(n),
      lookupOld: (n) => frame.entry.get(n) ?? frame.globalsOnEntry.get(n),
      // Field reads (`c.x`, `old(c.x)`) see the frame's heap; heap functions and `unfolding` need the declarations.
      heap: heapOfFrame(sf),
      oldHeap: frame.entryHeap ?? EMPTY_HEAP,
      decls: host.checked,
    },
    obligations,
  );
  return { ok: true, value, type: checked.type, obligations };
}

/**
 * The expression's types over the program's: a heap function or predicate the expression
 * calls is evaluated from its body in the program, whose types only the program has.
 */
class LayeredTypes extends Map<Expr, Type> {
  constructor(
    own: ReadonlyMap<Expr, Type>,
    private readonly base: ReadonlyMap<Expr, Type>,
  ) {
    super(own);
  }

  override get(e: Expr): Type | undefined {
    return super.get(e) ?? this.base.get(e);
  }
}

/**
 * What went wrong in the front end or the evaluator, in the user's words. Deep nesting
 * the front end does not reject itself shows up as a stack overflow (RangeError): that is
 * the expression's fault, not an internal error.
 */
function frontEndError(e: unknown): string {
  if (e instanceof RangeError) return `${EXPR_FILE}:1:1: error: the expression is nested too deeply to evaluate`;
  return e instanceof Error ? e.message : String(e);
}

/** Compiles a formula: it must be a boolean. */
export function compileFormula(host: EvalHost, sf: StateFrame, text: string): { term?: Term; error?: string } {
  const c = compileIn(host, sf, text);
  if (!c.ok) return { error: c.error };
  if (c.type.kind !== 'bool' || isSymArray(c.value))
    return { error: `expected a bool formula, got ${typeName(c.type)}` };
  return { term: c.value };
}

/** Variables the frame can name: its procedure's declarations that already have a value, and the globals. */
export function visibleNames(
  checked: CheckedProgram,
  frame: Frame,
  state: State,
): Map<string, { type: Type; decl: Declaration }> {
  const out = new Map<string, { type: Type; decl: Declaration }>();
  const add = (name: string, decl: Declaration): void => {
    const type = checked.declTypes.get(decl) ?? (decl as { type?: Type }).type;
    if (type && !out.has(name) && (frame.store.has(name) || state.globals.has(name))) out.set(name, { type, decl });
  };
  for (const g of checked.globals) add(g.name, g);
  declarationsOf(frame.proc).forEach((d) => add(d.name, d));
  return out;
}

export type Verdict =
  | { readonly kind: 'valid' }
  | { readonly kind: 'unsatisfiable' }
  | { readonly kind: 'satisfiable'; readonly witness?: Model; readonly counter?: Model }
  | { readonly kind: 'unknown'; readonly reason: string };

/** Is φ valid / satisfiable / unsatisfiable under the path condition `pc`? */
export async function verdictOf(
  solver: Solver,
  pc: readonly Term[],
  phi: Term,
  T: TermStore,
  hint?: Model,
): Promise<Verdict> {
  const counter = await solver.checkSat(pc, T.not(phi), { wantModel: true, hint });
  if (counter.status === 'unknown') return { kind: 'unknown', reason: counter.reason };
  if (counter.status === 'unsat') return { kind: 'valid' };
  const witness = await solver.checkSat(pc, phi, { wantModel: true, hint });
  if (witness.status === 'unknown') return { kind: 'unknown', reason: witness.reason };
  if (witness.status === 'unsat') return { kind: 'unsatisfiable' };
  return { kind: 'satisfiable', witness: witness.model, counter: counter.model };
}

/** `x = 1, y = 0`: the inputs a formula mentions (all inputs when it mentions none). */
export function witnessText(state: State, model: Model | undefined, about?: Term): string {
  const inputs = inputSymbols(state);
  const mentioned = about ? new Set(freeSymbols(about).map((s) => s.id)) : undefined;
  const relevant = mentioned && mentioned.size > 0 ? inputs.filter((s) => mentioned.has(s.id)) : inputs;
  const extra = about ? freeSymbols(about).filter((s) => !inputs.includes(s)) : [];
  return formatModel([...relevant, ...extra], model);
}

export function describeVerdict(v: Verdict, state: State, phi: Term): string {
  switch (v.kind) {
    case 'valid':
      return 'valid';
    case 'unsatisfiable':
      return 'unsatisfiable';
    case 'unknown':
      return `unknown (${v.reason})`;
    case 'satisfiable':
      return `satisfiable, not valid: true for ${witnessText(state, v.witness, phi)}; false for ${witnessText(state, v.counter, phi)}`;
  }
}

/** A concrete example of a non-boolean value under the state's model: `6 (for x = 5)`. */
export function exampleValue(state: State, t: Term): string | undefined {
  if (t.op === 'const' || !state.model) return undefined;
  const v = evaluateUnder(state.model, t);
  if (v === undefined) return undefined;
  return `${valueToString(v, t.sort)} for ${witnessText(state, state.model, t)}`;
}

/** The printed value plus what the solver says about it, as an evaluate answer. */
export async function answer(
  host: EvalHost,
  sf: StateFrame,
  pc: readonly Term[],
  text: string,
  maxLength: number,
): Promise<{ result: string; type?: string; value?: SymValue; error?: string }> {
  const c = compileIn(host, sf, text);
  if (!c.ok) return { result: '', error: c.error };
  const type = typeName(c.type);
  if (isSymArray(c.value))
    return { result: `array of length ${printTerm(c.value.length, { maxLength })}`, type, value: c.value };
  const printed = printTerm(c.value, { maxLength });
  const warnings = await undefinedness(host, pc, c.obligations, sf.state);
  if (c.type.kind === 'bool') {
    const v = await verdictOf(host.solver, pc, c.value, host.T, sf.state.model);
    return { result: `${printed}  ⟶ ${describeVerdict(v, sf.state, c.value)}${warnings}`, type, value: c.value };
  }
  const example = exampleValue(sf.state, c.value);
  return { result: `${printed}${example ? `  (e.g. ${example})` : ''}${warnings}`, type, value: c.value };
}

/** Runtime errors the expression itself could raise on this path (division by zero, bounds). */
async function undefinedness(
  host: EvalHost,
  pc: readonly Term[],
  obligations: readonly Obligation[],
  state: State,
): Promise<string> {
  const out: string[] = [];
  for (const o of obligations) {
    const r = await host.solver.checkSat(pc, host.T.not(o.cond), { wantModel: false, hint: state.model });
    if (r.status !== 'unsat') out.push(`${o.kind} possible: ${o.message}`);
  }
  return out.length === 0 ? '' : `  ⚠ ${out.join('; ')}`;
}

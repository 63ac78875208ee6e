// Deciding a query over few input bits by evaluation instead of Z3. When every free symbol of
// a (sliced) constraint set is a bit-vector or a boolean, 16 bits in all at most, trying every
// assignment with the term evaluator's own semantics (terms/evaluate.ts) is exact and takes
// milliseconds, where Z3 can take minutes: conversions between int and bit-vectors go
// through its slow bv2int/int2bv path. The answer is sat with the first satisfying
// assignment (counting up from all zero bits) as its model, or unsat when none satisfies.

import { applyScalar, EvaluationError } from '../terms/evaluate';
import { IntLimitError } from '../terms/semantics';
import type { Term } from '../terms/term';
import { postOrder } from '../terms/traverse';
import type { Value } from '../terms/values';
import type { Model, SatResult } from './solver';

/** Most input bits decided by enumeration (65,536 assignments). */
export const MAX_ENUMERATED_BITS = 16;
/** Node evaluations allowed for a query Z3 finds hard (one that converts between int and bit-vectors). */
const HARD_BUDGET = 4_000_000;
/** Node evaluations allowed otherwise: Z3 answers pure bit-vector queries in milliseconds too. */
const EASY_BUDGET = 200_000;

/** Arrays, binders, uninterpreted functions (what the axioms say) and sets and sequences
 *  (terms/collections.ts) are left to Z3. */
const UNSUPPORTED = new Set([
  'bound',
  'forall',
  'exists',
  'pattern',
  'select',
  'store',
  'constArray',
  'app',
  'coll',
  'real',
]);

interface Program {
  /** Every distinct term, children before parents. */
  readonly nodes: readonly Term[];
  /** Slots of each node's arguments. */
  readonly argSlots: readonly (readonly number[])[];
  readonly rootSlots: readonly number[];
  readonly symbols: readonly { readonly slot: number; readonly term: Term; readonly bits: number }[];
  readonly hard: boolean;
}

function bitsOf(t: Term): number | undefined {
  if (t.sort.kind === 'bool') return 1;
  return t.sort.kind === 'bv' ? t.sort.width : undefined;
}

/** The constraints as a straight-line program, or undefined when they are out of scope. */
function compile(constraints: readonly Term[]): Program | undefined {
  const slots = new Map<number, number>();
  const nodes: Term[] = [];
  for (const c of constraints) {
    for (const t of postOrder(c)) {
      if (slots.has(t.id)) continue;
      if (
        UNSUPPORTED.has(t.op) ||
        t.sort.kind === 'array' ||
        t.sort.kind === 'uninterpreted' ||
        t.sort.kind === 'set' ||
        t.sort.kind === 'seq'
      )
        return undefined;
      slots.set(t.id, nodes.length);
      nodes.push(t);
    }
  }
  const symbols: { slot: number; term: Term; bits: number }[] = [];
  let hard = false;
  for (const t of nodes) {
    if (t.op === 'sym') {
      const bits = bitsOf(t);
      if (bits === undefined) return undefined; // an int symbol: unbounded
      symbols.push({ slot: slots.get(t.id)!, term: t, bits });
    }
    if (t.op === 'cast' && (t.sort.kind === 'int') !== (t.args[0].sort.kind === 'int')) hard = true;
  }
  return {
    nodes,
    symbols,
    hard,
    argSlots: nodes.map((t) => t.args.map((a) => slots.get(a.id)!)),
    rootSlots: constraints.map((c) => slots.get(c.id)!),
  };
}

/** The value of a symbol from its bits of the assignment counter. */
function symbolValue(t: Term, raw: bigint): Value {
  if (t.sort.kind === 'bool') return raw === 1n;
  return t.sort.kind === 'bv' && t.sort.signed ? BigInt.asIntN(t.sort.width, raw) : raw;
}

/** Run the program under assignment number `k`; true when every root holds. */
function holds(p: Program, k: bigint, vals: Value[]): boolean {
  let shift = 0n;
  for (const s of p.symbols) {
    vals[s.slot] = symbolValue(s.term, (k >> shift) & ((1n << BigInt(s.bits)) - 1n));
    shift += BigInt(s.bits);
  }
  for (let i = 0; i < p.nodes.length; i++) {
    const t = p.nodes[i];
    if (t.op === 'sym') continue;
    vals[i] =
      t.op === 'const'
        ? (t.value as Value)
        : applyScalar(
            t,
            p.argSlots[i].map((j) => vals[j]),
          );
  }
  return p.rootSlots.every((j) => vals[j] === true);
}

/** sat/unsat by trying every assignment, or undefined when the query is not small enough. */
export function decideByEnumeration(constraints: readonly Term[]): SatResult | undefined {
  const p = compile(constraints);
  if (p === undefined) return undefined;
  const bits = p.symbols.reduce((n, s) => n + s.bits, 0);
  if (bits > MAX_ENUMERATED_BITS) return undefined;
  const count = 2 ** bits;
  if (count * p.nodes.length > (p.hard ? HARD_BUDGET : EASY_BUDGET)) return undefined;
  const vals: Value[] = new Array(p.nodes.length);
  try {
    for (let k = 0n; k < BigInt(count); k++) {
      if (holds(p, k, vals)) {
        const model: Map<number, Value> = new Map(p.symbols.map((s) => [s.term.id, vals[s.slot]]));
        return { status: 'sat', model: model as Model };
      }
    }
  } catch (e) {
    // An int past the size limit: leave the query to the solver and its limits.
    if (e instanceof EvaluationError || e instanceof IntLimitError) return undefined;
    throw e;
  }
  return { status: 'unsat' };
}

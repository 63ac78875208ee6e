// The correspondence the heap property test checks between the explored leaves of a program
// with objects and one concrete run. Inputs are written in the input-file format (references
// as {"@": 1, "val": 5}, aliasing as two parameters naming one id) and read back by the
// input-file parser, as `symdap run --inputs` reads them. Symbols map to concrete values by
// name: `p` is its object's id, `p.next.val` is read along the input objects; an allocation
// symbol (`Node@12`) gets a fresh id of its own, beyond every input id, and at the end of a
// run the symbolic ids of allocations must map one-to-one onto the concrete ids of the
// objects the run allocated. Permissions are a proof discipline the concrete run does not
// have (docs/language.md), so a run whose path meets a `permission` or `fold` failure is
// only checked for its null dereferences; every other run matches exactly one leaf.

import type { ConcreteResult } from '../../src/engine/concrete/interpreter';
import { parseInputs } from '../../src/engine/concrete/inputs';
import { ObjectHeap, type InputObjects } from '../../src/engine/concrete/objects';
import { formatValue, isRefValue, valuesEqual, type ConcreteValue } from '../../src/engine/concrete/values';
import type { InputTypes } from '../../src/engine/concrete/inputs';
import { isAllocation } from '../../src/engine/rules/heap/alias';
import type { Chunk } from '../../src/engine/state/chunks';
import { pcTerms } from '../../src/engine/state/pathCondition';
import { isSymArray, type State, type SymValue } from '../../src/engine/state/state';
import { tryEvaluate } from '../../src/engine/terms/evaluate';
import type { Term } from '../../src/engine/terms/term';
import { isArrayValue, readArray, type Value } from '../../src/engine/terms/values';
import type { TreeNode } from '../../src/engine/explore/tree';
import type { ClassDecl } from '../../src/lang/ast';
import { describeLeaf } from './symbolic';

/** Symbolic ids of allocations start here; input ids stay below. */
const ALLOCATED = 1_000_000n;

export interface HeapInputs {
  readonly json: Record<string, unknown>;
  readonly inputs: ReadonlyMap<string, ConcreteValue>;
  readonly objects: InputObjects;
}

/** The JSON inputs parsed as an input file is; a parse error is a bug of the test or the parser. */
export function parseHeapInputs(
  json: Record<string, unknown>,
  types: InputTypes,
  classes: ReadonlyMap<string, ClassDecl>,
): HeapInputs {
  const parsed = parseInputs(json, types, classes);
  if (parsed.error) throw new Error(`inputs ${JSON.stringify(json)} do not parse: ${parsed.error}`);
  // Fields an input leaves out start at their defaults, as in a run (objects.ts).
  return { json, inputs: parsed.inputs!, objects: ObjectHeap.from(parsed.objects, classes).snapshot() };
}

export type HeapAssignment = (sym: Term) => Value | undefined;

/** Values of the symbols a leaf may name, under the inputs; undefined for symbols that are no inputs (healed values). */
export function heapAssignment(h: HeapInputs): HeapAssignment {
  const allocated = new Map<number, bigint>();
  const asValue = (v: ConcreteValue | undefined): Value | undefined =>
    v === undefined ? undefined : isRefValue(v) ? BigInt(v.id) : typeof v === 'object' ? undefined : v;
  return (sym) => {
    if (isAllocation(sym)) {
      if (!allocated.has(sym.id)) allocated.set(sym.id, ALLOCATED + BigInt(allocated.size));
      return allocated.get(sym.id);
    }
    const [root, ...path] = sym.symbol!.display.split('.');
    let v = h.inputs.get(root);
    for (const field of path) {
      if (v === undefined || !isRefValue(v) || v.id === 0) return undefined;
      v = h.objects.get(v.id)?.fields.get(field);
    }
    return asValue(v);
  };
}

export function pcHoldsUnder(state: State, env: HeapAssignment): boolean {
  return pcTerms(state.pc).every((t) => tryEvaluate(t, env) === true);
}

/** A failure the concrete run has no counterpart for: it checks no permissions. */
export function isDisciplineFailure(n: TreeNode): boolean {
  return n.state.status === 'failed' && (n.state.failure!.kind === 'permission' || n.state.failure!.kind === 'fold');
}

/** Symbolic reference ids ↔ concrete ids: inputs are themselves, allocations a bijection. */
class RefMap {
  private readonly toConcrete = new Map<bigint, number>();
  private readonly toSymbolic = new Map<number, bigint>();
  constructor(private readonly maxInput: number) {}

  /** Whether symbolic `s` can be concrete `c`, recording the pair. */
  pair(s: bigint, c: number): boolean {
    if (s < ALLOCATED) return BigInt(c) === s;
    if (c <= this.maxInput) return false;
    const known = this.toConcrete.get(s);
    const back = this.toSymbolic.get(c);
    if (known === undefined && back === undefined) {
      this.toConcrete.set(s, c);
      this.toSymbolic.set(c, s);
      return true;
    }
    return known === c && back === s;
  }

  concreteOf(s: bigint): number | undefined {
    return s < ALLOCATED ? Number(s) : this.toConcrete.get(s);
  }
}

/** A symbolic array under the inputs: its elements (a flat int array, as the generator's `items`). */
interface ArrayUnder {
  readonly elems: readonly Value[];
}

function valueUnder(v: SymValue, env: HeapAssignment): Value | ArrayUnder | undefined {
  if (!isSymArray(v)) return tryEvaluate(v, env);
  const length = tryEvaluate(v.length, env);
  const contents = tryEvaluate(v.contents, env);
  if (typeof length !== 'bigint' || contents === undefined || !isArrayValue(contents) || length > 1000n)
    return undefined;
  return { elems: Array.from({ length: Number(length) }, (_, i) => readArray(contents, BigInt(i))) };
}

function sameValue(sym: Value | ArrayUnder | undefined, conc: ConcreteValue | undefined, refs: RefMap): boolean {
  if (sym === undefined || conc === undefined) return false;
  if (typeof sym === 'object' && 'elems' in sym) {
    return (
      typeof conc === 'object' &&
      conc.kind === 'array' &&
      conc.elems.length === sym.elems.length &&
      sym.elems.every((e, i) => sameValue(e, conc.elems[i], refs))
    );
  }
  if (isRefValue(conc)) return typeof sym === 'bigint' && refs.pair(sym, conc.id);
  return typeof sym !== 'object' && valuesEqual(sym, conc);
}

function fieldChunks(h: readonly Chunk[]): { receiver: Term; field: string; value: SymValue }[] {
  return h.flatMap((c) => (c.kind === 'field' ? [c] : c.kind === 'pred' ? fieldChunks(c.fragment ?? []) : []));
}

/** A done leaf against a clean run: the final store (references up to the allocation map) and every held location. */
function compareEnd(
  leaf: State,
  env: HeapAssignment,
  run: ConcreteResult,
  h: HeapInputs,
  joins: boolean,
): string | undefined {
  const refs = new RefMap(Math.max(0, ...h.objects.keys()));
  const store = leaf.frames[0].store;
  for (const [name, v] of run.store) {
    const s = store.get(name);
    if (s === undefined && joins) continue;
    const sv = s === undefined ? undefined : valueUnder(s, env);
    if (!sameValue(sv, v, refs))
      return `final ${name}: concrete ${formatValue(v)}, symbolic ${JSON.stringify(sv, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))}`;
  }
  const extra = [...store.keys()].filter((k) => !run.store.has(k));
  if (extra.length > 0) return `symbolic store has variables the concrete run never declared: ${extra.join(', ')}`;
  for (const c of fieldChunks(leaf.heap ?? [])) {
    const r = tryEvaluate(c.receiver, env);
    const id = typeof r === 'bigint' ? refs.concreteOf(r) : undefined;
    if (id === undefined) continue; // an allocation no variable names any more
    const conc = run.heap.get(id)?.fields.get(c.field);
    const sv = valueUnder(c.value, env);
    if (!sameValue(sv, conc, refs))
      return `final @${id}.${c.field}: concrete ${conc === undefined ? 'missing' : formatValue(conc)}, symbolic ${JSON.stringify(sv, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))}`;
  }
  return undefined;
}

/** How a run corresponded: `outside` (the inputs violate main's precondition), `discipline` (a permission or fold failure on its path), `exact`. */
export type Correspondence = { kind: 'outside' | 'discipline' | 'exact'; problem?: string };

/**
 * Checks one run against the leaves. `separated`: false when two permissions main's requires
 * grants name the same location of the inputs (the engine assumes them disjoint: no leaf
 * may go on, while the run, which cannot see that, may).
 */
export function heapCorrespondence(
  leaves: readonly TreeNode[],
  h: HeapInputs,
  run: ConcreteResult,
  joins: boolean,
  separated: boolean,
): Correspondence {
  const env = heapAssignment(h);
  const matching = leaves.filter((n) => pcHoldsUnder(n.state, env));
  const list = (ns: readonly TreeNode[]) => ns.map(describeLeaf).join('; ');
  const ends = matching.filter((n) => n.state.status === 'done' || n.state.status === 'failed');
  if (run.status === 'assumeFailed' || !separated) {
    const problem =
      ends.length === 0
        ? undefined
        : `${run.status === 'assumeFailed' ? `assume failed concretely (${run.message})` : 'the inputs alias locations the requires separates'}, but matches ${list(ends)}`;
    return { kind: 'outside', problem };
  }
  const cut = matching.filter(isDisciplineFailure);
  if (cut.length > 0) {
    const f = run.failure;
    if (f?.kind !== 'null-deref') return { kind: 'discipline' };
    // A null dereference is a missing permission at its line (or after an earlier one).
    const ok = cut.some(
      (n) => n.state.failure!.span.line === f.span.line || run.trace.includes(n.state.failure!.span.line),
    );
    return {
      kind: 'discipline',
      problem: ok ? undefined : `null-deref at line ${f.span.line}, but the permission failures are ${list(cut)}`,
    };
  }
  if (matching.length !== 1)
    return {
      kind: 'exact',
      problem: `${run.status} concretely${run.failure ? ` (${run.failure.kind}@${run.failure.span.line})` : ''}, but ${matching.length} leaves match: ${list(matching)}`,
    };
  const leaf = matching[0].state;
  if (run.status === 'failed') {
    const f = run.failure!;
    const same = leaf.status === 'failed' && leaf.failure!.kind === f.kind && leaf.failure!.span.line === f.span.line;
    return {
      kind: 'exact',
      problem: same
        ? undefined
        : `concrete ${f.kind} failure at line ${f.span.line}, symbolic leaf ${describeLeaf(matching[0])}`,
    };
  }
  if (run.status !== 'ok')
    return { kind: 'exact', problem: `unexpected concrete status ${run.status}: ${run.message}` };
  if (leaf.status !== 'done')
    return { kind: 'exact', problem: `concrete run ok, symbolic leaf ${describeLeaf(matching[0])}` };
  return { kind: 'exact', problem: compareEnd(leaf, env, run, h, joins) };
}

/** Whether an input leaves the solver's side undecided (an unknown or bounded leaf matches). */
export function undecidedUnder(leaves: readonly TreeNode[], h: HeapInputs): boolean {
  const env = heapAssignment(h);
  return leaves.some(
    (n) => (n.state.status === 'unknown' || n.state.status === 'bounded') && pcHoldsUnder(n.state, env),
  );
}

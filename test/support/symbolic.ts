// Test helpers that look at a symbolic run from the outside: explore a program to the end
// collecting every ended leaf, and read a leaf under concrete inputs (is its path condition
// true? what is its final store?), in the concrete interpreter's value form.

import type { CheckedProgram } from '../../src/lang/checked';
import type { Proc } from '../../src/lang/ast';
import { SymbolicRun, DEFAULT_RUN_OPTIONS, type RunOptions } from '../../src/engine/verify/run';
import type { Solver } from '../../src/engine/solver/solver';
import type { TreeNode } from '../../src/engine/explore/tree';
import { isSymArray, topFrame, type State, type SymValue } from '../../src/engine/state/state';
import { pcTerms } from '../../src/engine/state/pathCondition';
import { evaluate } from '../../src/engine/terms/evaluate';
import { isArrayValue, readArray, type Value } from '../../src/engine/terms/values';
import type { Term } from '../../src/engine/terms/term';
import { arrayValue, type ConcreteValue } from '../../src/engine/concrete/values';

/** Explores `proc` to the end (retaining the tree) and returns every ended leaf, in order. */
export async function exploreLeaves(
  checked: CheckedProgram,
  solver: Solver,
  proc: Proc,
  options: Partial<RunOptions> = {},
): Promise<{ run: SymbolicRun; leaves: TreeNode[] }> {
  const run = new SymbolicRun(checked, solver, { ...DEFAULT_RUN_OPTIONS, retain: true, ...options });
  const leaves: TreeNode[] = [];
  run.tree.listen({ onEnded: (n) => leaves.push(n) });
  await run.start(proc);
  await run.run();
  return { run, leaves };
}

/** Whether every conjunct of the leaf's path condition holds under the assignment. */
export function pcHolds(state: State, env: (sym: Term) => Value | undefined): boolean {
  return pcTerms(state.pc).every((t) => evaluate(t, env) === true);
}

/** The entry frame's store (or the globals) evaluated under the assignment, as concrete values. */
export function storeUnder(
  state: State,
  env: (sym: Term) => Value | undefined,
  which: 'entry' | 'globals' = 'entry',
): Map<string, ConcreteValue> {
  const out = new Map<string, ConcreteValue>();
  const store = which === 'entry' ? state.frames[0].store : state.globals;
  for (const [name, v] of store) out.set(name, valueUnder(v, env));
  return out;
}

function valueUnder(v: SymValue, env: (sym: Term) => Value | undefined): ConcreteValue {
  if (!isSymArray(v)) return asConcrete(evaluate(v, env));
  const length = evaluate(v.length, env);
  const contents = evaluate(v.contents, env);
  const lengths = (v.lengths ?? []).map((l) => evaluate(l, env));
  if (typeof length !== 'bigint' || !isArrayValue(contents)) throw new Error('malformed symbolic array');
  return arrayUnder(contents, length, lengths);
}

/** An array value of `length` elements; for arrays of arrays, `lengths` holds the inner lengths level by level. */
function arrayUnder(contents: Value, length: bigint, lengths: readonly Value[]): ConcreteValue {
  if (!isArrayValue(contents)) throw new Error('malformed symbolic array');
  const elems: ConcreteValue[] = [];
  for (let i = 0n; i < length; i++) {
    const elem = readArray(contents, i);
    if (lengths.length === 0) {
      elems.push(asConcrete(elem));
      continue;
    }
    const [own, ...deeper] = lengths.map((l) => (isArrayValue(l) ? readArray(l, i) : l));
    if (typeof own !== 'bigint') throw new Error('malformed inner length');
    elems.push(arrayUnder(elem, own, deeper));
  }
  return arrayValue(elems);
}

function asConcrete(v: Value): ConcreteValue {
  if (isArrayValue(v)) throw new Error('an array where a scalar was expected');
  return v;
}

/** The leaf's location for messages: status, failure kind and line. */
export function describeLeaf(n: TreeNode): string {
  const s = n.state;
  const where = s.failure ? ` ${s.failure.kind}@${s.failure.span.line}` : '';
  return `#${n.id} ${s.status}${where}${s.note ? ` (${s.note})` : ''} frames=${s.frames.length} top=${topFrame(s)?.proc.name}`;
}

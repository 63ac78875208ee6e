// Concolic debugging (launch argument `inputs`): a thread with concrete inputs follows the
// path they take, Locals show each value beside its symbolic expression, and at a branch the
// side not taken is offered with an input that takes it (solved on demand). Choosing that side
// continues concretely with the new input, so the run stays a replayable concrete run.

import type { CheckedProgram } from '../../lang/checked';
import type { Proc } from '../../lang/ast';
import { parseInputs } from '../../engine/concrete/inputs';
import { inputTypesOf } from '../../engine/concrete/havoc';
import { combineInputs, inputValue, type ConcreteInputs } from '../../engine/concolic/assignment';
import { pick } from '../../engine/concolic/concolicRun';
import { formatCounterexample } from '../../engine/state/counterexample';
import { suffixAfter } from '../../engine/state/pathCondition';
import { inputSymbols, isSymArray, type SymValue } from '../../engine/state/state';
import { tryEvaluate } from '../../engine/terms/evaluate';
import { valueToString } from '../../engine/terms/values';
import type { TreeNode } from '../../engine/explore/tree';
import { readSourceFile } from '../../lang/sourceFile';
import { pathCondition, type Debuggee } from './debuggee';
import type { PathThread } from './paths';

/** The launch argument read and checked as `symdap run --inputs` checks a file. */
export async function launchInputs(
  raw: string | Readonly<Record<string, unknown>>,
  checked: CheckedProgram,
  entry: Proc,
  argName = 'inputs',
): Promise<{ inputs?: ConcreteInputs; error?: string }> {
  let json: unknown = raw;
  const label = typeof raw === 'string' ? raw : `launch argument ${argName}`;
  if (typeof raw === 'string') {
    const read = await readSourceFile(raw);
    if ('error' in read) return { error: `${raw}:1:1: error: cannot read the inputs: ${read.error}` };
    try {
      json = JSON.parse(read.source);
    } catch (e) {
      return { error: `${raw}:1:1: error: the inputs are not JSON: ${e instanceof Error ? e.message : String(e)}` };
    }
  }
  const parsed = parseInputs(json, inputTypesOf(checked, entry), checked.classes);
  if (parsed.error) return { error: `${label}: ${parsed.error}` };
  return { inputs: json as ConcreteInputs };
}

/** The child of `node` the inputs take; undefined when they take none (an assumption they violate). */
export function concreteChild(node: TreeNode, kids: readonly TreeNode[], inputs: ConcreteInputs): TreeNode | undefined {
  const taken = pick(
    node.state,
    kids.map((k) => k.state),
    inputs,
  );
  return typeof taken === 'object' ? kids.find((k) => k.state === taken) : undefined;
}

/** `5   ⟵ a + 2` for a scalar whose expression is not a constant; the plain print otherwise (references: the heap view shows objects). */
export function concolicValue(v: SymValue, printed: string, inputs: ConcreteInputs): string {
  if (isSymArray(v) || v.op === 'const' || v.sort.kind === 'ref') return printed;
  const value = tryEvaluate(v, (s) => inputValue(inputs, s));
  return value === undefined ? printed : `${valueToString(value, v.sort)}   ⟵ ${printed}`;
}

export type SideInput = { readonly inputs: ConcreteInputs; readonly same: boolean } | { readonly why: string };

/** The inputs that take child `kid` of the thread's tip: the thread's own if they do, else solved for. */
export async function inputsFor(d: Debuggee, t: PathThread, kid: TreeNode, inputs: ConcreteInputs): Promise<SideInput> {
  if (concreteChild(t.tip, [kid], inputs) === kid) return { inputs, same: true };
  const fresh = suffixAfter(kid.state.pc, t.tip.state.pc).map((c) => c.term);
  const r = await d.solver.checkSat(pathCondition(d, t.tip, t.id), d.T.and(...fresh), {
    wantModel: true,
    timeoutMs: d.args.solverTimeout,
  });
  if (r.status === 'unknown') return { why: `the solver could not decide whether an input takes it: ${r.reason}` };
  if (r.status === 'unsat' || !r.model) return { why: 'no input takes it' };
  return { inputs: combineInputs(inputs, inputSymbols(kid.state), r.model), same: false };
}

export function showInputs(inputs: ConcreteInputs): string {
  return formatCounterexample(inputs);
}

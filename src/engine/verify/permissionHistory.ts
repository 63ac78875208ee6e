// Where a missing permission was lost (docs/design.md B.7): from a `permission` failure, walk the
// path's earlier states (the memoised tree keeps them) back to the last one whose heap held
// the missing chunk, and name the step that removed it — "acc(c.x) was held until line 33:
// the call clear(c) consumed it". A failure that holds a part but needs more says where the
// rest went, with the amounts (permissionAmounts.ts): "acc(c.x) needs write; holds 1/2: the
// other 1/2 went to the call lendAndKeep(c) at line 34, …". Plain data; the states themselves
// are never changed.

import type { MissingChunk } from '../state/failures';
import type { Heap } from '../state/chunks';
import { isWrite, minus, printAmount, type Amount } from '../state/amounts';
import { isSymArray, topFrame, type State } from '../state/state';
import type { Term } from '../terms/term';
import { printTerm } from '../terms/print';
import type { TreeNode } from '../explore/tree';
import { amountHistory, heldAmount, matches, type AmountHistory } from './permissionAmounts';
import { lossStepOf, type LossStep } from './permissionSteps';

/** How a reference is named in the text (the debugger: the frame's variable names). */
export type NameRef = (t: Term) => string;

/** A reference named by the first variable of the failing frame that holds it, else its term. */
export function frameNamer(s: State): NameRef {
  const names = new Map<number, string>();
  for (const [name, v] of topFrame(s)?.store ?? [])
    if (!isSymArray(v) && v.sort.kind === 'ref' && !names.has(v.id)) names.set(v.id, name);
  return (t) => names.get(t.id) ?? printTerm(t, { maxLength: 40 });
}

/** One step that took (a part of) the permission: its line and what it did, in words. */
export interface LossLine {
  readonly line: number;
  /** `1/2 of acc(c.x) went to the call lendAndKeep(c), and lendAndKeep's ensures does not give it back`. */
  readonly text: string;
}

export interface PermissionLoss {
  /** `acc(c.x)` or `valid(c)`, in the failing frame's names. */
  readonly chunk: string;
  /** The line of the step that removed it; absent when the path never held it. */
  readonly heldUntil?: number;
  /** What removed it: `the call clear(c) consumed it, and clear's ensures does not give it back`. */
  readonly how: string;
  /** The sentence shown to the user. */
  readonly text: string;
  /** Each step that took a part of it, oldest first (the LSP shows them at their lines). */
  readonly steps: readonly LossLine[];
}

/** The walk back from a failure node; undefined when the failure is not about a missing chunk. */
export function permissionLoss(node: TreeNode, names: NameRef = frameNamer(node.state)): PermissionLoss | undefined {
  const missing = node.state.failure?.missing;
  if (!missing) return undefined;
  const chunk = missingName(missing, names);
  const part = amountHistory(node, missing);
  if (part) return partLoss(chunk, part);
  if (node.state.heap?.some((c) => matches(c, missing)) && heldAmount(node.state.heap, missing) === undefined) {
    // A part named by a perm value is held: nothing was taken from it, it may just be too little.
    const how = 'the part held is a perm value, which may be less than needed';
    return { chunk, how, text: `${chunk} is held only in part: ${how}`, steps: [] };
  }
  let after: TreeNode = node;
  for (let n = node.parent; n; after = n, n = n.parent) {
    if (!holds(n.state.heap ?? [], missing)) continue;
    const step = lossStepOf(n, after);
    const was = heldName(chunk, heldAmount(n.state.heap, missing));
    const how = wholeHow(step);
    return {
      chunk,
      heldUntil: step.line,
      how,
      text: `${was} was held until line ${step.line}: ${how}`,
      steps: [{ line: step.line, text: `${was} was held until here: ${how}` }],
    };
  }
  // Never held unfolded (a precondition gave it folded): say where it is.
  const folder = (node.state.heap ?? []).find(
    (c) => c.kind === 'pred' && (c.fragment ?? []).some((x) => matches(x, missing)),
  );
  if (folder?.kind === 'pred') {
    const how = `it is folded inside ${folder.name}(${folder.args.map(names).join(', ')}): unfold it first`;
    return { chunk, how, text: `${chunk} is held, but ${how}`, steps: [] };
  }
  const how = 'it was never held on this path';
  return { chunk, how, text: `${chunk} was never held on this path`, steps: [] };
}

function missingName(m: MissingChunk, names: NameRef): string {
  if (m.kind === 'field') return `acc(${names(m.receiver)}.${m.field})`;
  return `${m.name}(${m.args.map(names).join(', ')})`;
}

/** `acc(c.x)` as it was held: with its amount when that was a part (`acc(c.x, 1/2)`). */
function heldName(chunk: string, a: Amount | undefined): string {
  if (!a || isWrite(a)) return chunk;
  return chunk.startsWith('acc(') ? `${chunk.slice(0, -1)}, ${printAmount(a)})` : `acc(${chunk}, ${printAmount(a)})`;
}

/** Directly held by the innermost frame (a chunk folded inside a predicate is not). */
function holds(h: Heap, m: MissingChunk): boolean {
  return h.some((c) => matches(c, m));
}

/** A step that removed the whole chunk, in the words of the sentence "… was held until line N: …". */
function wholeHow(step: LossStep): string {
  switch (step.kind) {
    case 'join':
      return `the join there dropped it (not every joined path held it)`;
    case 'call':
      return `the call ${step.call} consumed it, and ${step.callee}'s ensures does not give it back`;
    case 'helper':
      return `${step.what} consumed it`;
    case 'enter':
      return `the call ${step.call} did not pass it: ${step.callee}'s requires does not ask for it`;
    case 'alias':
      return `the call ${step.call} took it already for another part of ${step.callee}'s requires`;
    case 'loop':
      return `the loop's invariant does not keep it`;
    case 'fold':
      return `fold ${step.pred} consumed it (it is folded inside now)`;
    case 'unfold':
      return `unfold ${step.pred} consumed it`;
    case 'assert':
      return `it was exhaled by assert ${step.cond}`;
    case 'stmt':
      return `the ${step.stmt} statement consumed it`;
    case 'other':
      return 'this step consumed it';
  }
}

/** A step that took a part, as "went to the call lendAndKeep(c) at line 34, and …". */
function partWhere(step: LossStep): string {
  const at = `at line ${step.line}`;
  switch (step.kind) {
    case 'join':
      return `was dropped by the join ${at} (not every joined path held it)`;
    case 'call':
      return `went to the call ${step.call} ${at}, and ${step.callee}'s ensures does not give it back`;
    case 'helper':
      return `was consumed by ${step.what} ${at}`;
    case 'enter':
      return `stayed with the caller: the call ${step.call} ${at} passes no more (${step.callee}'s requires)`;
    case 'alias':
      return `went to the call ${step.call} ${at} already, for another part of ${step.callee}'s requires`;
    case 'loop':
      return `went to the loop ${at}: its invariant does not keep it`;
    case 'fold':
      return `went into fold ${step.pred} ${at} (it is folded inside now)`;
    case 'unfold':
      return `went to unfold ${step.pred} ${at}`;
    case 'assert':
      return `was exhaled by assert ${step.cond} ${at}`;
    case 'stmt':
      return `went to the ${step.stmt} statement ${at}`;
    case 'other':
      return `was taken by the step ${at}`;
  }
}

/** "acc(c.x) needs write; holds 1/2: the other 1/2 went to …". */
function partLoss(chunk: string, h: AmountHistory): PermissionLoss {
  const head = `${chunk} needs ${printAmount(h.need)}; holds ${printAmount(h.holds)}`;
  const steps = h.drops.map((d) => ({
    line: d.step.line,
    text: `${amountText(d.amount)} of ${chunk} ${partWhere(d.step)}`,
  }));
  const rest = minus(h.need, h.holds);
  const only = h.drops.length === 1 && !h.peak ? h.drops[0] : undefined;
  const parts =
    only?.amount && exact(rest) && printAmount(only.amount) === printAmount(rest)
      ? [`the other ${printAmount(rest)} ${partWhere(only.step)}`]
      : h.drops.map((d) => `${amountText(d.amount)} ${partWhere(d.step)}`);
  if (h.peak) parts.push(neverEnough(h));
  const last = h.drops.at(-1);
  return {
    chunk,
    ...(last ? { heldUntil: last.step.line } : {}),
    how: parts.join('; '),
    text: `${head}: ${parts.join('; ')}`,
    steps,
  };
}

/** An amount the text can state: exact, not "some part" (a wildcard's). */
function exact(a: Amount): boolean {
  return !a.above;
}

function amountText(a: Amount | undefined): string {
  return a && exact(a) ? printAmount(a) : 'a part';
}

/** No state of the path held enough: the most it held, and where the part held came from. */
function neverEnough(h: AmountHistory): string {
  const from = h.origin ? ` (from ${h.origin})` : '';
  return h.drops.length === 0
    ? `no more was held on this path${from}`
    : `at most ${printAmount(h.peak)} was held on this path${from}`;
}

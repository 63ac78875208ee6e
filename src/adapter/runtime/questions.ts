// What the session asks about a state, answered as text and plain rows: its path condition
// (with the user's `:assume`s), a model of it, whether φ is satisfiable or valid there, `:assume
// φ`, why a failure happened (the Why scope), and whether a failed path of a synth program is
// excluded rather than failing. The solver is asked here, never by the session.

import type { FailureKind } from '../../engine/state/failures';
import { FAILURE_TITLES } from '../../engine/state/failures';
import { conjuncts, pcTerms } from '../../engine/state/pathCondition';
import { counterexample, formatModel, formatU8, u8Names } from '../../engine/state/counterexample';
import { inputSymbols } from '../../engine/state/state';
import { combineInputs } from '../../engine/concolic/assignment';
import { printTerm } from '../../engine/terms/print';
import type { Term } from '../../engine/terms/term';
import type { TreeNode } from '../../engine/explore/tree';
import { isExcludedPath } from '../../engine/verify/synthVerdict';
import { permissionLoss, type PermissionLoss } from '../../engine/verify/permissionHistory';
import type { SatResult } from '../../engine/solver/solver';
import { pathCondition, type Debuggee } from './debuggee';
import { isAllocationFact, type PathThread } from './paths';
import { renameKeys, userNames } from './userNames';
import { witnessText } from './evaluate';
import { classifyNode } from './why';
import { classRows } from './whyText';

export interface TextRow {
  readonly name: string;
  readonly value: string;
}

/** A conjunct of the Path condition scope: its term, why it was added, and where. */
export interface ConjunctRow {
  readonly term: Term;
  readonly reason?: string;
  readonly where: string;
}

/** A failed path of a program with synth functions rules functions out instead of failing. */
export function isExcluded(d: Debuggee, node: TreeNode): boolean {
  return isExcludedPath(node.state.status, d.checked.synths.size > 0);
}

export function failureTitle(kind: FailureKind): string {
  return FAILURE_TITLES[kind];
}

/** The path condition of the node's own state (no `:assume`s). */
export function statePathCondition(node: TreeNode): Term[] {
  return pcTerms(node.state.pc);
}

/** `$pc`: the conjuncts and assumptions joined by `&&` (each printed at most `maxLength`). */
export function pcText(
  d: Debuggee,
  node: TreeNode,
  threadId: number,
  maxLength: number,
): { text: string; count: number } {
  const terms = pathCondition(d, node, threadId);
  const text = terms.length === 0 ? 'true' : terms.map((t) => printTerm(t, { maxLength })).join(' && ');
  return { text, count: terms.length };
}

/** The Path condition scope: the user's conjuncts with their lines, `:assume`s, then the facts `new` added. */
export function pcRows(d: Debuggee, node: TreeNode, threadId: number): ConjunctRow[] {
  const all = conjuncts(node.state.pc);
  const row = (c: { term: Term; reason?: string }, where: string): ConjunctRow => ({
    term: c.term,
    reason: c.reason,
    where,
  });
  const rows = all.filter((c) => !isAllocationFact(c)).map((c) => row(c, c.span ? `line ${c.span.line}` : ''));
  d.paths.get(threadId)?.assumptions.forEach((c) => rows.push(row(c, ':assume')));
  all.filter(isAllocationFact).forEach((c) => rows.push(row(c, `new at line ${c.span?.line ?? '?'}`)));
  return rows;
}

/** The failure's model, or one of the path condition the solver completes from the state's hint. */
async function modelOf(d: Debuggee, node: TreeNode, threadId: number): Promise<SatResult> {
  const state = node.state;
  if (state.failure?.model) return { status: 'sat', model: state.failure.model };
  return d.solver.model(pathCondition(d, node, threadId), state.model);
}

/** `$model`: the inputs of a model on one line. */
export async function modelText(d: Debuggee, node: TreeNode, threadId: number): Promise<string> {
  const r = await modelOf(d, node, threadId);
  if (r.status === 'sat') return formatModel(inputSymbols(node.state), r.model);
  return r.status === 'unsat' ? 'no model: the path condition is unsatisfiable' : `unknown: ${r.reason}`;
}

/** The Model scope: a concolic thread's inputs, else a model's inputs by the names the user wrote. */
export async function modelRows(d: Debuggee, node: TreeNode, threadId: number, frameIndex: number): Promise<TextRow[]> {
  const state = node.state;
  const inputs = d.paths.get(threadId)?.inputs;
  if (inputs)
    return Object.entries(combineInputs(inputs, inputSymbols(state), new Map())).map(([name, v]) => ({
      name,
      value: JSON.stringify(v),
    }));
  const r = await modelOf(d, node, threadId);
  if (r.status !== 'sat') {
    const why = r.status === 'unknown' ? `unknown: ${r.reason}` : 'the path condition is unsatisfiable';
    return [{ name: '(no model)', value: why }];
  }
  const sf = { state, frameIndex };
  const u8 = u8Names(inputSymbols(state));
  const shown = Object.fromEntries(
    Object.entries(counterexample(inputSymbols(state), r.model)).map(([k, v]) => [
      k,
      u8.has(k) ? formatU8(v) : JSON.stringify(v),
    ]),
  );
  const out = Object.entries(renameKeys(shown, sf, userNames(sf))).map(([name, value]) => ({ name, value }));
  return out.length > 0 ? out : [{ name: '(no inputs)', value: 'any input drives this path' }];
}

/** `:sat φ`: satisfiable on this path (with a witness), unsatisfiable, or unknown. */
export async function satText(d: Debuggee, node: TreeNode, threadId: number, phi: Term): Promise<string> {
  const r = await d.solver.checkSat(pathCondition(d, node, threadId), phi, { wantModel: true, hint: node.state.model });
  if (r.status === 'unknown') return `unknown (${r.reason})`;
  return r.status === 'unsat'
    ? 'unsatisfiable on this path'
    : `satisfiable, e.g. ${witnessText(node.state, r.model, phi)}`;
}

/** `:valid φ`: φ holds on every input of this path, or a counterexample, or unknown. */
export async function validText(d: Debuggee, node: TreeNode, threadId: number, phi: Term): Promise<string> {
  const r = await d.solver.checkSat(pathCondition(d, node, threadId), d.T.not(phi), {
    wantModel: true,
    hint: node.state.model,
  });
  if (r.status === 'unknown') return `unknown (${r.reason})`;
  return r.status === 'unsat' ? 'valid on this path' : `not valid: false for ${witnessText(node.state, r.model, phi)}`;
}

/** `:assume φ` on a live thread: refused when φ contradicts the path condition. */
export async function assume(
  d: Debuggee,
  node: TreeNode,
  thread: PathThread,
  phi: Term,
  maxLength: number,
): Promise<{ assumed: string } | { contradicts: true }> {
  const r = await d.solver.checkSat(pathCondition(d, node, thread.id), phi, {
    wantModel: false,
    hint: node.state.model,
  });
  if (r.status === 'unsat') return { contradicts: true };
  thread.assumptions.push({ term: phi, reason: 'assumed in the debug console' });
  return { assumed: printTerm(phi, { maxLength }) };
}

/** The Why scope: the failure's class, the input that replays it or the abstraction that lost the fact. */
export async function whyRows(d: Debuggee, node: TreeNode): Promise<TextRow[]> {
  const lost = permissionRows(node);
  const c = await classifyNode(d, node).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
  if (typeof c === 'string' || !c)
    return [...lost, { name: 'class', value: `not computed${typeof c === 'string' ? `: ${c}` : ''}` }];
  return [...lost, ...classRows(c, u8Names(inputSymbols(node.state)))];
}

/** A permission failure's rows: where the permission went, and each step that took a part of it by line. */
function permissionRows(node: TreeNode): TextRow[] {
  const loss = permissionLoss(node);
  if (!loss) return [];
  const steps =
    loss.steps.length > 1 ? loss.steps.map((s, i) => ({ name: `step ${i + 1}, line ${s.line}`, value: s.text })) : [];
  return [{ name: 'permission', value: loss.text }, ...steps];
}

/** Whether the node's state is a failure (its innermost frame then has a Why scope). */
export function hasFailure(node: TreeNode): boolean {
  return node.state.status === 'failed' && node.state.failure !== undefined;
}

/** At a permission failure: the missing chunk and where the path lost it (receivers named by `receiver`). */
export function permissionLossAt(node: TreeNode, receiver: (t: Term) => string): PermissionLoss | undefined {
  return permissionLoss(node, receiver);
}

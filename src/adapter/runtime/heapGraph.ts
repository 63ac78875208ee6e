// The heap graph of one frame of one state (issue 27), as plain JSON (src/ui/heap/model.ts):
// read through what the Heap scope reads (heapView.ts: the frame's heap, old heap, names and
// value texts), so both show the same chunks, values and aliases. Pairs of references the
// terms alone cannot tell apart are put to the solver (heapGraphAliases.ts) by the caller.

import type { CheckedProgram } from '../../lang/checked';
import type { Chunk, Heap } from '../../engine/state/chunks';
import { isWrite, printAmount } from '../../engine/state/amounts';
import { isAllocation } from '../../engine/rules/heap/alias';
import { permissionLoss } from '../../engine/verify/permissionHistory';
import { conjuncts } from '../../engine/state/pathCondition';
import { isSymArray, type SymArray, type SymValue } from '../../engine/state/state';
import { printTerm } from '../../engine/terms/print';
import type { Term } from '../../engine/terms/term';
import type { TreeNode } from '../../engine/explore/tree';
import type {
  GraphCell,
  GraphEdge,
  GraphField,
  GraphGroup,
  GraphLocal,
  GraphObject,
  HeapGraph,
} from '../../ui/heap/model';
import {
  chunkName,
  heapOfFrame,
  oldHeapOfFrame,
  originText,
  receiverText,
  refNames,
  valueText,
  type RefNames,
} from './heapView';
import { frameOf, type StateFrame } from './stateFrame';
import { aliasFacts, undecidedPairs, type AliasAsk, type AliasFacts } from './heapGraphAliases';
import { visibleNames } from './evaluate';

const MAX_PC = 40;
const MAX_CELLS = 16;

/** What the graph is drawn from: a frame of a state, and its tree node (for the failure's explanation). */
export interface GraphSource {
  readonly sf: StateFrame;
  readonly node?: TreeNode;
  readonly checked: CheckedProgram;
}

interface Builder {
  readonly names: RefNames;
  readonly objects: Map<string, { term: Term; fields: GraphField[] }>;
  readonly edges: GraphEdge[];
  readonly groups: GraphGroup[];
  readonly locals: GraphLocal[];
}

export function objectId(t: Term): string {
  return isNullTerm(t) ? 'null' : `o${t.id}`;
}

function isNullTerm(t: Term): boolean {
  return t.op === 'const' && t.sort.kind === 'ref' && t.value === 0n;
}

function objectOf(b: Builder, t: Term): { term: Term; fields: GraphField[] } {
  const id = objectId(t);
  let o = b.objects.get(id);
  if (!o) {
    o = { term: t, fields: [] };
    b.objects.set(id, o);
  }
  return o;
}

/** The graph's references: every object node's term (null included), for the alias questions. */
export function graphTerms(src: GraphSource): Term[] {
  const b = collect(src);
  return [...b.objects.values()].map((o) => o.term);
}

/** The graph without solver facts (`aliases` empty): every undecided pair is left out. */
export function heapGraph(src: GraphSource, aliases: AliasFacts = { pairs: [] }): HeapGraph {
  const b = collect(src);
  const { sf } = src;
  const frame = frameOf(sf);
  const edges = [
    ...b.edges,
    ...aliases.pairs.map((p): GraphEdge => ({
      from: objectId(p.a),
      to: objectId(p.b),
      kind: p.answer === 'equal' ? 'sameObject' : 'mayAlias',
      condition: `${receiverText(p.a, b.names)} == ${receiverText(p.b, b.names)}`,
      ...(p.answer === 'equal'
        ? {}
        : { verdict: p.answer === 'unknown' ? ('unknown' as const) : ('satisfiable' as const) }),
    })),
  ];
  const classes = classNames(src);
  const objects: GraphObject[] = [...b.objects.entries()].map(([id, o]) => objectNode(id, o, b.names, classes));
  return {
    proc: frame?.proc.name ?? '',
    objects,
    edges,
    groups: b.groups,
    roots: roots(sf),
    ...(b.locals.length > 0 ? { locals: b.locals } : {}),
    pc: pcLines(sf),
    ...failureOf(src, b.names),
    ...(aliases.note ? { note: aliases.note } : {}),
  };
}

function collect(src: GraphSource): Builder {
  const { sf } = src;
  const b: Builder = { names: refNames(sf), objects: new Map(), edges: [], groups: [], locals: [] };
  addHeap(b, heapOfFrame(sf), 'held');
  const old = oldHeapOfFrame(sf);
  if (old) addHeap(b, old, 'old');
  addMissing(b, sf);
  for (const r of rootRefs(sf)) objectOf(b, r.term);
  addLocalArrays(b, sf);
  return b;
}

/** The frame's array variables, then the globals' (issue 27: arrays as a row of cells), in the store's order. */
function addLocalArrays(b: Builder, sf: StateFrame): void {
  const add = (v: SymValue, name: string): void => {
    if (isSymArray(v))
      b.locals.push({ name, length: printTerm(v.length, { maxLength: 40 }), ...elemType(v), cells: cellsOf(b, v) });
  };
  frameOf(sf)?.store.forEach(add);
  sf.state.globals.forEach(add);
}

/** Adds a heap's chunks; an old heap adds only what the heap now no longer holds. */
function addHeap(b: Builder, h: Heap, status: 'held' | 'old', group?: string): void {
  for (const c of h) {
    if (c.kind === 'field') addField(b, c, status, group);
    else if (c.kind === 'pred') addPred(b, c, status, group);
  }
}

function addField(b: Builder, c: Extract<Chunk, { kind: 'field' }>, status: 'held' | 'old', group?: string): void {
  const o = objectOf(b, c.receiver);
  // An old heap adds only what the heap no longer holds; a held location may be split over
  // several chunks (fractions: one row each, as the Heap scope lists them).
  if (o.fields.some((f) => f.name === c.field && (status === 'old' || f.status === 'old'))) return;
  const field: GraphField = {
    name: c.field,
    status,
    chunk: chunkName(c, b.names),
    value: valueText(c.value, b.names),
    origin: originText(c),
    ...(isWrite(c.amount) ? {} : { amount: printAmount(c.amount) }),
    ...valueExtras(c.value),
    ...(group ? { group } : {}),
  };
  if (isSymArray(c.value)) {
    const cells = cellsOf(b, c.value);
    for (const cell of cells)
      if (cell.to)
        b.edges.push({ from: objectId(c.receiver), to: cell.to, kind: 'field', field: c.field, cell: cell.index });
    o.fields.push({ ...field, cells });
    return;
  }
  // `null` is a field's value, not an edge: one arrow per null field made a 50-object heap a fan of lines into one box.
  if (c.value.sort.kind === 'ref' && !isNullTerm(c.value)) {
    const to = objectId(c.value);
    objectOf(b, c.value);
    b.edges.push({ from: objectId(c.receiver), to, kind: 'field', field: c.field });
    o.fields.push({ ...field, to });
    return;
  }
  o.fields.push(field);
}

function addPred(b: Builder, c: Extract<Chunk, { kind: 'pred' }>, status: 'held' | 'old', nested?: string): void {
  const name = chunkName(c, b.names);
  if (status === 'old' && b.groups.some((g) => g.name === name)) return;
  const id = `g${b.groups.length}`;
  const before = new Set(b.objects.keys());
  for (const a of c.args) if (a.sort.kind === 'ref') objectOf(b, a);
  addHeap(b, c.fragment ?? [], status, id);
  const members = new Set(c.args.filter((a) => a.sort.kind === 'ref').map(objectId));
  for (const k of b.objects.keys())
    if (!before.has(k) || (c.fragment ?? []).some((x) => x.kind === 'field' && objectId(x.receiver) === k))
      members.add(k);
  members.delete('null');
  b.groups.push({
    id,
    name,
    args: c.args.map((a) => receiverText(a, b.names)),
    members: [...members],
    recursive: !c.fragment,
    origin: originText(c),
    status,
    ...(nested ? { nested } : {}),
  });
}

/** A permission failure's missing chunk: a field marked missing on its object, or a missing predicate group. */
function addMissing(b: Builder, sf: StateFrame): void {
  const m = sf.frameIndex === 0 ? sf.state.failure?.missing : undefined;
  if (!m) return;
  if (m.kind === 'field') {
    const o = objectOf(b, m.receiver);
    const chunk = `acc(${receiverText(m.receiver, b.names)}.${m.field})`;
    // A row of the whole chunk (an old one) becomes the missing one; a held fraction stays held beside it.
    const i = o.fields.findIndex((f) => f.name === m.field && f.status !== 'held');
    const field: GraphField = { name: m.field, status: 'missing', chunk, value: '?' };
    if (i >= 0) o.fields[i] = { ...o.fields[i], status: 'missing', chunk };
    else o.fields.push(field);
    return;
  }
  for (const a of m.args) if (a.sort.kind === 'ref') objectOf(b, a);
  const args = m.args.map((a) => receiverText(a, b.names));
  b.groups.push({
    id: `g${b.groups.length}`,
    name: `${m.name}(${args.join(', ')})`,
    args,
    members: m.args.filter((a) => a.sort.kind === 'ref' && !isNullTerm(a)).map(objectId),
    recursive: false,
    origin: 'missing',
    status: 'missing',
  });
}

function valueExtras(v: SymValue): Partial<GraphField> {
  if (isSymArray(v)) return { length: printTerm(v.length, { maxLength: 40 }), ...elemType(v) };
  return bvType(v.sort);
}

/** An array of bit-vectors: its elements' notation. */
function elemType(a: SymArray): { type?: string } {
  const s = a.contents.sort;
  return s.kind === 'array' ? bvType(s.elem) : {};
}

/** The notation of a bit-vector sort (`u8`, `i32`), for values shown in it. */
function bvType(sort: Term['sort']): { type?: string } {
  return sort.kind === 'bv' ? { type: `${sort.signed ? 'i' : 'u'}${sort.width}` } : {};
}

/**
 * The cells an array's contents name: the stores over its base, innermost index first (a later
 * store to the same index hides an earlier one); the base's other cells as `rest`. A cell holding
 * a reference points to its object's node (made if the heap has no chunk of it), except null.
 */
function cellsOf(b: Builder, a: SymArray): GraphCell[] {
  const out: GraphCell[] = [];
  const seen = new Set<number>();
  const cell = (index: string, v: Term): GraphCell => {
    const value = valueText(v, b.names, 30);
    if (v.sort.kind !== 'ref' || isNullTerm(v)) return { index, value };
    objectOf(b, v);
    return { index, value, to: objectId(v) };
  };
  let t = a.contents;
  while (t.op === 'store' && out.length < MAX_CELLS) {
    const [base, i, v] = t.args;
    if (!seen.has(i.id)) {
      seen.add(i.id);
      out.push(cell(printTerm(i, { maxLength: 20 }), v));
    }
    t = base;
  }
  out.reverse();
  out.push({ index: 'rest', value: printTerm(t, { maxLength: 30 }) });
  return out;
}

function rootRefs(sf: StateFrame): { name: string; term: Term }[] {
  const out: { name: string; term: Term }[] = [];
  const add = (name: string, v: SymValue): void => {
    if (!isSymArray(v) && v.sort.kind === 'ref') out.push({ name, term: v });
  };
  frameOf(sf)?.store.forEach((v, name) => add(name, v));
  sf.state.globals.forEach((v, name) => add(name, v));
  return out;
}

function roots(sf: StateFrame): { name: string; to: string }[] {
  return rootRefs(sf).map((r) => ({ name: r.name, to: objectId(r.term) }));
}

/** Class names of objects no `new` made: the declared type of a variable holding the reference. */
function classNames(src: GraphSource): Map<number, string> {
  const out = new Map<number, string>();
  const frame = frameOf(src.sf);
  if (!frame) return out;
  const types = visibleNames(src.checked, frame, src.sf.state);
  for (const r of rootRefs(src.sf)) {
    const t = types.get(r.name)?.type;
    if (t?.kind === 'ref' && !out.has(r.term.id)) out.set(r.term.id, t.className);
  }
  return out;
}

function objectNode(
  id: string,
  o: { term: Term; fields: GraphField[] },
  names: RefNames,
  classes: Map<number, string>,
): GraphObject {
  if (id === 'null') return { id, term: 'null', names: names.get(o.term.id) ?? [], fields: [] };
  const origin = o.term.op === 'sym' ? o.term.symbol!.origin : undefined;
  const fromNew = isAllocation(o.term) ? /^new (\w+)/.exec(origin ?? '')?.[1] : undefined;
  const className = fromNew ?? classes.get(o.term.id);
  return {
    id,
    term: printTerm(o.term, { maxLength: 60 }),
    names: names.get(o.term.id) ?? [],
    ...(className ? { className } : {}),
    ...(origin ? { allocation: isAllocation(o.term) ? origin : `input (${origin})` } : {}),
    fields: o.fields,
  };
}

function pcLines(sf: StateFrame): string[] {
  const cs = conjuncts(sf.state.pc).map((c) => printTerm(c.term, { maxLength: 160 }));
  return cs.length > MAX_PC ? [...cs.slice(0, MAX_PC), `… ${cs.length - MAX_PC} more`] : cs;
}

function failureOf(src: GraphSource, names: RefNames): { failure?: HeapGraph['failure'] } {
  const f = src.sf.frameIndex === 0 ? src.sf.state.failure : undefined;
  if (!f) return {};
  const loss =
    src.node && src.node.state === src.sf.state ? permissionLoss(src.node, (t) => receiverText(t, names)) : undefined;
  return {
    failure: {
      kind: f.kind,
      message: f.message,
      line: f.span.line,
      ...(loss ? { missing: loss.chunk, explanation: loss.text } : {}),
    },
  };
}

/** The graph with the solver's alias facts (infeasible paths: the terms' facts only, their pc has no model). */
export async function heapGraphWithAliases(src: GraphSource, ask: AliasAsk): Promise<HeapGraph> {
  if (src.sf.state.status === 'infeasible') return heapGraph(src);
  const pairs = undecidedPairs(graphTerms(src), heapOfFrame(src.sf));
  return heapGraph(src, await aliasFacts(pairs, ask));
}

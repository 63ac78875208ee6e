// The rows of the Heap scope (docs/design.md B.7) and of an expanded reference local: one row per
// chunk named in the frame's terms (`acc(c.x)`, `valid(c)`), its value with aliases, its origin
// in `type` (hovers show it), predicates expanding into what they hold "if unfolded", and the
// old heap (on entry to the frame) as a child when it differs from the heap now; at a
// permission failure, a first row for the missing chunk.

import type { DebugProtocol } from '@vscode/debugprotocol';
import type { CheckedProgram } from '../../lang/checked';
import type { Chunk, Heap, PredChunk, SymValue, Term } from '../runtime/handles';
import { isArray } from '../runtime/valueRows';
import { permissionLossAt } from '../runtime/questions';
import type { FrameRef } from './frames';
import {
  aliasNote,
  chunkName,
  valueText,
  fieldEvaluateName,
  fragmentText,
  heapOfFrame,
  oldHeapOfFrame,
  originText,
  receiverText,
  refNames,
  quantChunkValue,
  type RefNames,
} from '../runtime/heapView';
import { frameOf } from '../runtime/stateFrame';

export interface HeapRowsHost {
  readonly ref: FrameRef;
  readonly frameId: number;
  render(v: SymValue): { value: string; variablesReference: number };
  /** A reference whose children are the rows of `heap` (key: unique within the frame). */
  chunksRef(key: string, heap: Heap): number;
  /** A reference whose child is the "if unfolded" row of a predicate instance. */
  predRef(key: string, chunk: PredChunk): number;
}

type HeapSource =
  | { readonly kind: 'heap' }
  | { readonly kind: 'chunks'; readonly heap: Heap; readonly key: string }
  | { readonly kind: 'pred'; readonly chunk: PredChunk; readonly key: string };

export function heapRows(host: HeapRowsHost, src: HeapSource): DebugProtocol.Variable[] {
  const sf = { state: host.ref.node.state, frameIndex: host.ref.frameIndex };
  const names = refNames(sf);
  if (src.kind === 'pred') {
    const c = src.chunk;
    // An instance of a recursive predicate has a snapshot, not a fragment: nothing to list until unfolded.
    const fragment = c.fragment ?? [];
    return [
      {
        name: 'if unfolded',
        value: c.fragment ? fragmentText(fragment, names) : 'a recursive instance (unfold it to see its chunks)',
        type: `${fragment.length} chunk(s) folded in ${chunkName(c, names)}`,
        variablesReference: host.chunksRef(`${src.key}/f`, fragment),
      },
    ];
  }
  if (src.kind === 'chunks') return chunkRows(host, src.heap, names, src.key);
  const chunks = chunkRows(host, heapOfFrame(sf), names, 'h');
  if (chunks.length === 0) chunks.push({ name: '(empty)', value: 'no permissions held', variablesReference: 0 });
  const rows = [...missingRow(host, names), ...chunks];
  const old = oldHeapOfFrame(sf);
  if (old) {
    const proc = frameOf(sf)?.proc.name ?? 'the procedure';
    rows.push({
      name: 'old heap',
      value: `${old.length} chunk(s) on entry to ${proc}`,
      type: `the heap on entry to ${proc} (old(…) reads it)`,
      variablesReference: host.chunksRef('old', old),
    });
  }
  return rows;
}

/**
 * At a permission failure, a first row naming the missing chunk and where the path lost it,
 * so that clients which never ask for exceptionInfo show it too (docs/design.md B.7).
 */
function missingRow(host: HeapRowsHost, names: RefNames): DebugProtocol.Variable[] {
  const node = host.ref.node;
  if (host.ref.frameIndex !== 0 || !node.state.failure?.missing) return [];
  const loss = permissionLossAt(node, (t) => receiverText(t, names));
  if (!loss) return [];
  return [
    { name: `✗ missing ${loss.chunk}`, value: loss.text, type: node.state.failure.message, variablesReference: 0 },
  ];
}

function chunkRows(host: HeapRowsHost, heap: Heap, names: RefNames, key: string): DebugProtocol.Variable[] {
  return heap.map((c, i) => chunkRow(host, c, names, `${key}/${i}`));
}

function chunkRow(host: HeapRowsHost, c: Chunk, names: RefNames, key: string): DebugProtocol.Variable {
  const origin = originText(c);
  if (c.kind === 'pred') {
    return {
      name: chunkName(c, names),
      value: 'folded predicate',
      type: origin,
      variablesReference: host.predRef(key, c),
      presentationHint: { kind: 'data' },
    };
  }
  if (c.kind === 'qfield')
    return { name: chunkName(c, names), value: quantChunkValue(c), type: origin, variablesReference: 0 };
  const shown = host.render(c.value);
  const value = isArray(c.value) ? shown.value : valueText(c.value, names);
  const row: DebugProtocol.Variable = {
    name: chunkName(c, names),
    value: `${value}${aliasNote(c, names)}`,
    type: origin,
    variablesReference: shown.variablesReference,
  };
  const evaluateName = fieldEvaluateName(c, names);
  if (evaluateName) row.evaluateName = evaluateName;
  return row;
}

/** The fields of the object `term` refers to: `x = 5` where its chunk is held, `<no permission>` elsewhere. */
export function objectRows(
  host: HeapRowsHost,
  checked: CheckedProgram,
  term: Term,
  className: string,
): DebugProtocol.Variable[] {
  const sf = { state: host.ref.node.state, frameIndex: host.ref.frameIndex };
  const heap = heapOfFrame(sf);
  const names = refNames(sf);
  const owner = names.get(term.id)?.[0];
  const fields = checked.classes.get(className)?.fields ?? [];
  return fields.map((f) => {
    const chunk = heap.find((c) => c.kind === 'field' && c.field === f.name && c.receiver.id === term.id);
    if (!chunk || chunk.kind !== 'field')
      return {
        name: f.name,
        value: '<no permission>',
        type: 'no chunk of this field is held here',
        variablesReference: 0,
      };
    const shown = host.render(chunk.value);
    const value = isArray(chunk.value) ? shown.value : valueText(chunk.value, names);
    const row: DebugProtocol.Variable = {
      name: f.name,
      value,
      variablesReference: shown.variablesReference,
      type: originText(chunk),
    };
    if (owner) row.evaluateName = `${owner}.${f.name}`;
    return row;
  });
}

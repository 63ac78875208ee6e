// Scopes of a frame and their variables: Locals (symbolic values; references expand into
// the fields whose permission is held), Heap (programs with objects), Path condition (each
// conjunct with the line and reason that added it, plus `:assume`d facts), Model (concrete
// inputs that drive this path) and Globals. Values are Sym-syntax prints of the terms,
// truncated; long terms and arrays expand into their parts.

import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Heap, PredChunk, SymArray, SymValue, Term } from '../runtime/handles';
import { Interner } from './ids';
import type { FrameRef } from './frames';
import type { Debuggee } from '../runtime/debuggee';
import { heapRows, objectRows, type HeapRowsHost } from './heapVariables';
import { concolicValue } from '../runtime/concolic';
import { applicationRows, SYMBOLIC_FUNCTIONS_SCOPE, synthRows } from './synthVariables';
import type { SynthApplicationRow } from '../runtime/synthView';
import { hasFailure, modelRows, pcRows, whyRows } from '../runtime/questions';
import {
  arrayParts,
  frameNames,
  globalRows,
  localRows,
  objectId,
  termParts,
  valueText,
  valueType,
} from '../runtime/valueRows';

export const MAX_VALUE_LENGTH = 120;
const MAX_ELEMENTS = 64;

type VarSource =
  | { readonly kind: 'locals' | 'pc' | 'model' | 'globals'; readonly ref: FrameRef; readonly frameId?: number }
  | { readonly kind: 'term'; readonly term: Term }
  | { readonly kind: 'array'; readonly arr: SymArray }
  | { readonly kind: 'heap'; readonly ref: FrameRef; readonly frameId: number }
  | {
      readonly kind: 'chunks';
      readonly ref: FrameRef;
      readonly frameId: number;
      readonly heap: Heap;
      readonly key: string;
    }
  | {
      readonly kind: 'pred';
      readonly ref: FrameRef;
      readonly frameId: number;
      readonly chunk: PredChunk;
      readonly key: string;
    }
  | {
      readonly kind: 'object';
      readonly ref: FrameRef;
      readonly frameId: number;
      readonly term: Term;
      readonly className: string;
    }
  | { readonly kind: 'synth'; readonly ref: FrameRef; readonly frameId: number }
  | { readonly kind: 'synthApps'; readonly rows: readonly SynthApplicationRow[] }
  | { readonly kind: 'why'; readonly ref: FrameRef };

export class VariableRefs {
  private readonly refs = new Interner<VarSource>();

  /** The scopes of a frame; `withHeap` (a program with classes) adds the Heap scope, `withSynth`
   *  (a program with synth functions) the Symbolic functions scope. */
  scopes(frameId: number, ref: FrameRef, withHeap = false, withSynth = false): DebugProtocol.Scope[] {
    const make = (name: string, kind: 'locals' | 'pc' | 'model' | 'globals', hint?: 'locals'): DebugProtocol.Scope => {
      const scope: DebugProtocol.Scope = {
        name,
        variablesReference: this.refs.id(`${kind}:${frameId}`, () => ({ kind, ref, frameId })),
        expensive: false,
      };
      if (hint) scope.presentationHint = hint;
      return scope;
    };
    const heap: DebugProtocol.Scope[] = withHeap
      ? [{ name: 'Heap', variablesReference: this.heapRef(frameId, ref), expensive: false }]
      : [];
    const synth: DebugProtocol.Scope[] = withSynth
      ? [
          {
            name: SYMBOLIC_FUNCTIONS_SCOPE,
            variablesReference: this.refs.id(`synth:${frameId}`, () => ({ kind: 'synth', ref, frameId })),
            expensive: true,
          },
        ]
      : [];
    // The failure's own frame (the innermost) says why it failed (runtime/why.ts).
    const failed = ref.frameIndex === 0 && hasFailure(ref.node) && !withSynth;
    const why: DebugProtocol.Scope[] = failed
      ? [
          {
            name: 'Why',
            variablesReference: this.refs.id(`why:${frameId}`, () => ({ kind: 'why', ref })),
            expensive: true,
          },
        ]
      : [];
    return [
      make('Locals', 'locals', 'locals'),
      ...why,
      ...heap,
      make('Path condition', 'pc'),
      make('Model', 'model'),
      ...synth,
      make('Globals', 'globals'),
    ];
  }

  /** A reference for the Heap scope of a frame (for `$heap`). */
  heapRef(frameId: number, ref: FrameRef): number {
    return this.refs.id(`heap:${frameId}`, () => ({ kind: 'heap', ref, frameId }));
  }

  /** A reference for the path condition / model scope of a frame (for `$pc`, `$model`). */
  scopeRef(frameId: number, ref: FrameRef, kind: 'pc' | 'model'): number {
    return this.refs.id(`${kind}:${frameId}`, () => ({ kind, ref }));
  }

  exists(id: unknown): boolean {
    return this.refs.get(id) !== undefined;
  }

  async variables(d: Debuggee, id: number, start = 0, count = 0): Promise<DebugProtocol.Variable[] | undefined> {
    const src = this.refs.get(id);
    if (!src) return undefined;
    const all = await this.list(d, src);
    return count > 0 ? all.slice(start, start + count) : all.slice(start);
  }

  /** `value` and `variablesReference` for a symbolic value: long terms and arrays expand. */
  render(v: SymValue, names?: ReadonlyMap<number, string>): { value: string; variablesReference: number } {
    const shown = valueText(v, MAX_VALUE_LENGTH, names);
    const expand = shown.expand;
    return { value: shown.value, variablesReference: expand ? this.refs.id(shown.key, () => expand) : 0 };
  }

  private async list(d: Debuggee, src: VarSource): Promise<DebugProtocol.Variable[]> {
    switch (src.kind) {
      case 'locals':
        return this.locals(d, src.ref, src.frameId ?? 0);
      case 'globals':
        return globalRows(src.ref.node).map(([name, v]) => this.variable(name, v, undefined, name));
      case 'pc':
        return this.pathConditionVars(d, src.ref);
      case 'model':
        return this.model(d, src.ref);
      case 'term':
        return termParts(src.term).map(([name, t]) => this.variable(name, t));
      case 'array':
        return this.arrayParts(d, src.arr);
      case 'heap':
      case 'chunks':
      case 'pred':
        return heapRows(this.heapHost(src.ref, src.frameId), src);
      case 'object':
        return objectRows(this.heapHost(src.ref, src.frameId), d.checked, src.term, src.className);
      case 'synth':
        return synthRows(d, src.ref, (rows) =>
          this.refs.id(`synthApps:${src.frameId}:${rows.map((r) => `${r.call}=${r.value}`).join(';')}`, () => ({
            kind: 'synthApps',
            rows,
          })),
        );
      case 'synthApps':
        return applicationRows(src.rows);
      case 'why':
        return (await whyRows(d, src.ref.node)).map((r) => ({ ...r, variablesReference: 0 }));
    }
  }

  /** What the heap rows need: value rendering and references for their children. */
  private heapHost(ref: FrameRef, frameId: number): HeapRowsHost {
    return {
      ref,
      frameId,
      render: (v) => this.render(v),
      chunksRef: (key, heap) =>
        this.refs.id(`chunks:${frameId}:${key}`, () => ({ kind: 'chunks', ref, frameId, heap, key })),
      predRef: (key, chunk) =>
        this.refs.id(`pred:${frameId}:${key}`, () => ({ kind: 'pred', ref, frameId, chunk, key })),
    };
  }

  /** References of a class type expand into the object's held fields. */
  private objectRef(frameId: number, ref: FrameRef, name: string, v: SymValue, className: string): number {
    const id = objectId(v);
    if (id === undefined) return 0;
    return this.refs.id(`object:${frameId}:${name}:${id}`, () => ({
      kind: 'object',
      ref,
      frameId,
      term: v as Term,
      className,
    }));
  }

  private locals(d: Debuggee, ref: FrameRef, frameId: number): DebugProtocol.Variable[] {
    const { rows, names, inputs } = localRows(d, ref.node, ref.threadId, ref.frameIndex);
    return rows.map((r) => {
      const out = this.variable(r.name, r.value, r.type, r.name, names);
      if (inputs) out.value = concolicValue(r.value, out.value, inputs);
      if (r.className !== undefined)
        out.variablesReference = this.objectRef(frameId, ref, r.name, r.value, r.className);
      return out;
    });
  }

  /** One row per conjunct, named `[1]`, `[2]`, … (clients sort rows by name, and sort such names
   *  numerically), the line that added it shown after the value (issue 26, item 14). */
  private pathConditionVars(d: Debuggee, ref: FrameRef): DebugProtocol.Variable[] {
    const rows = pcRows(d, ref.node, ref.threadId);
    if (rows.length === 0) return [{ name: '(empty)', value: 'true', variablesReference: 0 }];
    const names = frameNames(ref.node, ref.frameIndex);
    return rows.map((r, i) => {
      const v = this.variable(`[${i + 1}]`, r.term, r.reason, undefined, names);
      if (r.where) v.value = `${v.value}   (${r.where})`;
      return v;
    });
  }

  private async model(d: Debuggee, ref: FrameRef): Promise<DebugProtocol.Variable[]> {
    const rows = await modelRows(d, ref.node, ref.threadId, ref.frameIndex);
    return rows.map((r) => ({ ...r, variablesReference: 0 }));
  }

  private arrayParts(d: Debuggee, arr: SymArray): DebugProtocol.Variable[] {
    const { parts, more } = arrayParts(d, arr, MAX_ELEMENTS);
    const out = parts.map(([name, v]) => this.variable(name, v));
    if (more > 0) out.push({ name: '…', value: `${more} more elements`, variablesReference: 0 });
    return out;
  }

  private variable(
    name: string,
    v: SymValue,
    type?: string,
    evaluateName?: string,
    names?: ReadonlyMap<number, string>,
  ): DebugProtocol.Variable {
    const shown = this.render(v, names);
    const out: DebugProtocol.Variable = { name, ...shown, type: type ?? valueType(v) };
    if (evaluateName) out.evaluateName = evaluateName;
    return out;
  }
}

// Scopes of a frame and their variables: Locals (symbolic values; references expand into
// the fields whose permission is held), Heap (programs with objects), Path condition (each
// conjunct with the line and reason that added it, plus `:assume`d facts), Model (concrete
// inputs that drive this path) and Globals. Values are Sym-syntax prints of the terms,
// truncated; long terms and arrays expand into their parts.

import type { DebugProtocol } from '@vscode/debugprotocol';
import { typeName } from '../../lang/types';
import { formatU8, u8Names } from '../../engine/state/counterexample';
import { conjuncts, type Conjunct } from '../../engine/state/pathCondition';
import { userNames, renameKeys } from '../runtime/userNames';
import { isAllocationFact } from '../runtime/paths';
import { inputSymbols, isSymArray, type SymArray, type SymValue } from '../../engine/state/state';
import { counterexample } from '../../engine/state/counterexample';
import { flatOperands, isAssociative, printTerm, printedSides, sortName, u8Text } from '../../engine/terms/print';
import type { Term } from '../../engine/terms/term';
import { Interner } from './ids';
import { frameOf, visibleNames } from '../runtime/evaluate';
import type { FrameRef } from './frames';
import { pathCondition, type Debuggee } from '../runtime/debuggee';
import type { Heap, PredChunk } from '../../engine/state/chunks';
import { heapRows, objectRows, type HeapRowsHost } from './heapVariables';
import { concolicValue } from '../runtime/concolic';
import { combineInputs } from '../../engine/concolic/assignment';
import { applicationRows, SYMBOLIC_FUNCTIONS_SCOPE, synthRows } from './synthVariables';
import type { SynthApplicationRow } from '../runtime/synthView';
import { classifyNode } from '../runtime/why';
import { classRows } from '../runtime/whyText';

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
    const failed =
      ref.frameIndex === 0 && ref.node.state.status === 'failed' && ref.node.state.failure !== undefined && !withSynth;
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
    if (isSymArray(v)) {
      const ref = this.refs.id(`array:${v.length.id}:${v.contents.id}`, () => ({ kind: 'array', arr: v }));
      return { value: `array(length ${printTerm(v.length, { maxLength: 40, names })})`, variablesReference: ref };
    }
    // A concrete u8 reads as gdb shows an unsigned char: `98 'b'` (issue 26, item 7).
    const u8 = v.op === 'const' && v.sort.kind === 'bv' && v.sort.width === 8 && !v.sort.signed;
    const value = u8 ? u8Text(v.value as bigint) : printTerm(v, { maxLength: MAX_VALUE_LENGTH, names });
    const long = value.length >= MAX_VALUE_LENGTH && v.args.length > 0;
    return { value, variablesReference: long ? this.refs.id(`term:${v.id}`, () => ({ kind: 'term', term: v })) : 0 };
  }

  private async list(d: Debuggee, src: VarSource): Promise<DebugProtocol.Variable[]> {
    switch (src.kind) {
      case 'locals':
        return this.locals(d, src.ref, src.frameId ?? 0);
      case 'globals':
        return [...src.ref.node.state.globals].map(([name, v]) => this.variable(d, name, v, undefined, name));
      case 'pc':
        return this.pathConditionVars(d, src.ref);
      case 'model':
        return this.model(d, src.ref);
      case 'term':
        return termParts(src.term).map(([name, t]) => this.variable(d, name, t));
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
        return whyRows(d, src.ref);
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
    if (isSymArray(v) || v.sort.kind !== 'ref' || (v.op === 'const' && v.value === 0n)) return 0;
    return this.refs.id(`object:${frameId}:${name}:${v.id}`, () => ({
      kind: 'object',
      ref,
      frameId,
      term: v,
      className,
    }));
  }

  private locals(d: Debuggee, ref: FrameRef, frameId: number): DebugProtocol.Variable[] {
    const state = ref.node.state;
    const frame = frameOf({ state, frameIndex: ref.frameIndex });
    if (!frame) return [];
    const types = visibleNames(d.checked, frame, state);
    const inputs = d.paths.get(ref.threadId)?.inputs;
    const names = userNames({ state, frameIndex: ref.frameIndex });
    return [...frame.store].map(([name, v]) => {
      const t = types.get(name)?.type;
      const out = this.variable(d, name, v, t ? typeName(t) : undefined, name, names);
      if (inputs) out.value = concolicValue(v, out.value, inputs);
      if (t?.kind === 'ref') out.variablesReference = this.objectRef(frameId, ref, name, v, t.className);
      return out;
    });
  }

  /** One row per conjunct, named `[1]`, `[2]`, … (clients sort rows by name, and sort such names
   *  numerically), the line that added it shown after the value (issue 26, item 14). */
  private pathConditionVars(d: Debuggee, ref: FrameRef): DebugProtocol.Variable[] {
    // The facts `new C` adds are no decision of the user's: listed last, said as what they are.
    const all = conjuncts(ref.node.state.pc);
    const row = (c: Conjunct, where: string) => ({ term: c.term, reason: c.reason, where });
    const rows = all.filter((c) => !isAllocationFact(c)).map((c) => row(c, c.span ? `line ${c.span.line}` : ''));
    d.paths.get(ref.threadId)?.assumptions.forEach((c) => rows.push(row(c, ':assume')));
    all.filter(isAllocationFact).forEach((c) => rows.push(row(c, `new at line ${c.span?.line ?? '?'}`)));
    if (rows.length === 0) return [{ name: '(empty)', value: 'true', variablesReference: 0 }];
    const names = userNames({ state: ref.node.state, frameIndex: ref.frameIndex });
    return rows.map((r, i) => {
      const v = this.variable(d, `[${i + 1}]`, r.term, r.reason, undefined, names);
      if (r.where) v.value = `${v.value}   (${r.where})`;
      return v;
    });
  }

  private async model(d: Debuggee, ref: FrameRef): Promise<DebugProtocol.Variable[]> {
    const state = ref.node.state;
    // A concolic thread's model is its concrete inputs.
    const inputs = d.paths.get(ref.threadId)?.inputs;
    if (inputs)
      return Object.entries(combineInputs(inputs, inputSymbols(state), new Map())).map(([name, v]) => ({
        name,
        value: JSON.stringify(v),
        variablesReference: 0,
      }));
    const given = state.failure?.model;
    const r = given
      ? { status: 'sat' as const, model: given }
      : await d.solver.model(pathCondition(d, ref.node, ref.threadId), state.model);
    if (r.status !== 'sat') {
      const why = r.status === 'unknown' ? `unknown: ${r.reason}` : 'the path condition is unsatisfiable';
      return [{ name: '(no model)', value: why, variablesReference: 0 }];
    }
    const sf = { state, frameIndex: ref.frameIndex };
    const u8 = u8Names(inputSymbols(state));
    const shown = Object.fromEntries(
      Object.entries(counterexample(inputSymbols(state), r.model)).map(([k, v]) => [
        k,
        u8.has(k) ? formatU8(v) : JSON.stringify(v),
      ]),
    );
    const cx = renameKeys(shown, sf, userNames(sf));
    const out = Object.entries(cx).map(([name, value]) => ({ name, value, variablesReference: 0 }));
    return out.length > 0 ? out : [{ name: '(no inputs)', value: 'any input drives this path', variablesReference: 0 }];
  }

  private arrayParts(d: Debuggee, arr: SymArray): DebugProtocol.Variable[] {
    const out = [this.variable(d, 'length', arr.length), this.variable(d, 'contents', arr.contents)];
    const n = arr.length.op === 'const' ? Number(arr.length.value) : 0;
    for (let i = 0; i < Math.min(n, MAX_ELEMENTS); i++)
      out.push(this.variable(d, `[${i}]`, d.T.select(arr.contents, d.T.int(BigInt(i)))));
    if (n > MAX_ELEMENTS) out.push({ name: '…', value: `${n - MAX_ELEMENTS} more elements`, variablesReference: 0 });
    return out;
  }

  private variable(
    d: Debuggee,
    name: string,
    v: SymValue,
    type?: string,
    evaluateName?: string,
    names?: ReadonlyMap<number, string>,
  ): DebugProtocol.Variable {
    const shown = this.render(v, names);
    const out: DebugProtocol.Variable = { name, ...shown, type: type ?? (isSymArray(v) ? 'array' : sortName(v.sort)) };
    if (evaluateName) out.evaluateName = evaluateName;
    return out;
  }
}

/** The Why scope: the failure's class, the input that replays it or the abstraction that lost the fact. */
async function whyRows(d: Debuggee, ref: FrameRef): Promise<DebugProtocol.Variable[]> {
  const c = await classifyNode(d, ref.node).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
  if (typeof c === 'string' || !c)
    return [{ name: 'class', value: `not computed${typeof c === 'string' ? `: ${c}` : ''}`, variablesReference: 0 }];
  return classRows(c, u8Names(inputSymbols(ref.node.state))).map((r) => ({ ...r, variablesReference: 0 }));
}

/** The parts of a term, named by their role. */
function termParts(t: Term): [string, Term][] {
  const a = t.args;
  switch (t.op) {
    case 'ite':
      return [
        ['condition', a[0]],
        ['then', a[1]],
        ['else', a[2]],
      ];
    case 'select':
      return [
        ['array', a[0]],
        ['index', a[1]],
      ];
    case 'store':
      return [
        ['array', a[0]],
        ['index', a[1]],
        ['value', a[2]],
      ];
    case 'lt':
    case 'le': {
      const [l, r] = printedSides(t);
      return [
        ['left', l],
        ['right', r],
      ];
    }
    default: {
      // A nested sum (product, conjunction, …) expands into its flat operands, as it prints.
      if (isAssociative(t.op)) return flatOperands(t).map((x, i) => [`[${i}]`, x]);
      if (a.length === 2)
        return [
          ['left', a[0]],
          ['right', a[1]],
        ];
      return a.map((x, i) => [`${t.op}[${i}]`, x]);
    }
  }
}

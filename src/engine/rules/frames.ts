// Small immutable updates of a state's frames and stores, and the evaluation environment a
// state offers to expressions.

import type { Block, Proc, Stmt } from '../../lang/ast';
import type { Span } from '../../lang/span';
import type { EvalEnv } from './eval';
import type { Frame, Instr, Kont, State, SymValue } from '../state/state';
import { topFrame } from '../state/state';
import type { EngineContext } from './context';
import { EMPTY_HEAP, type Heap } from '../state/chunks';
import { copyFrame, copyState } from '../state/stateCopy';

export function withTop(s: State, f: Frame): State {
  return copyState(s, replaceTop(s.frames, f), s.globals, s.pc, s.model, s.trace);
}

function replaceTop(frames: readonly Frame[], f: Frame): Frame[] {
  const out = frames.slice();
  out[out.length - 1] = f;
  return out;
}

export function withKont(s: State, kont: Kont | null): State {
  const top = topFrame(s);
  return copyState(s, replaceTop(s.frames, copyFrame(top, top.store, kont)), s.globals, s.pc, s.model, s.trace);
}

/** Assigns (or declares) `name`: a global when the procedure has no local of that name. */
export function assignName(s: State, name: string, v: SymValue): State {
  const f = topFrame(s);
  if (!f.store.has(name) && s.globals.has(name)) {
    const globals = new Map(s.globals);
    globals.set(name, v);
    return copyState(s, s.frames, globals, s.pc, s.model, s.trace);
  }
  const store = new Map(f.store);
  store.set(name, v);
  return withTop(s, copyFrame(f, store, f.kont));
}

/** Statements as instructions; bare blocks are flattened (they are not steps of their own). */
export function stmtInstrs(stmts: readonly Stmt[]): Instr[] {
  const out: Instr[] = [];
  for (const st of stmts) {
    if (st.kind === 'block') out.push(...stmtInstrs(st.stmts));
    else out.push({ kind: 'stmt', stmt: st });
  }
  return out;
}

/** The closing brace of a procedure body: where a frame stops before it returns. */
export function closingSpan(body: Block): Span {
  return {
    line: body.span.endLine,
    col: Math.max(1, body.span.endCol - 1),
    endLine: body.span.endLine,
    endCol: body.span.endCol,
  };
}

export function returnInstr(proc: Proc): Instr {
  return { kind: 'return', span: closingSpan(proc.body) };
}

/** An evaluation environment over the given variable lookups. */
export function envFrom(
  ctx: EngineContext,
  lookup: EvalEnv['lookup'],
  lookupOld?: EvalEnv['lookupOld'],
  heap?: Heap,
  oldHeap?: Heap,
  labelled?: EvalEnv['labelled'],
): EvalEnv {
  // One object shape for every environment (heap fields always present) keeps the evaluator's
  // property reads monomorphic: environments are built at every step.
  return {
    T: ctx.T,
    types: ctx.checked.exprTypes,
    lookup,
    lookupOld,
    decls: ctx.checked,
    heap: heap ?? EMPTY_HEAP,
    oldHeap: oldHeap ?? EMPTY_HEAP,
    labelled,
  };
}

/**
 * The environment of a frame's `ensures`: parameters denote their values on entry (the
 * arguments, as in JML), results and globals their values now, `old(e)` the entry state.
 */
export function ensuresEnv(ctx: EngineContext, s: State, frame: Frame = topFrame(s)): EvalEnv {
  const isParam = (name: string): boolean => frame.proc.params.some((p) => p.name === name);
  return envFrom(
    ctx,
    (name) => (isParam(name) ? frame.entry.get(name) : (frame.store.get(name) ?? s.globals.get(name))),
    (name) => frame.entry.get(name) ?? frame.globalsOnEntry.get(name),
  );
}

/**
 * A frame's variables and globals now, and (for `old`) on entry to the frame (a local declared
 * in the body had no value on entry: `old` reads its current one), and the states its labels recorded.
 */
export function envOf(ctx: EngineContext, s: State, frame: Frame = topFrame(s)): EvalEnv {
  const now = (name: string) => frame.store.get(name) ?? s.globals.get(name);
  return envFrom(
    ctx,
    now,
    (name) => frame.entry.get(name) ?? frame.globalsOnEntry.get(name) ?? now(name),
    s.heap,
    frame.entryHeap,
    frame.labels && ((l) => frame.labels?.get(l)),
  );
}

/** An environment that reads fields in `heap` (and in `oldHeap` under `old`). */
export function withHeaps(env: EvalEnv, heap: Heap | undefined, oldHeap: Heap | undefined): EvalEnv {
  return { ...env, heap: heap ?? EMPTY_HEAP, oldHeap: oldHeap ?? EMPTY_HEAP };
}

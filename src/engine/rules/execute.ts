// The stepper: one statement of one path per step. Judgements are split by file (Silicon
// style): statements here, calls and returns in calls.ts, loops in loops.ts, solver
// questions in checks.ts. Every step returns the successors of a state; the execution tree
// memoises them.

import type {
  FieldRead,
  Havoc,
  Assert,
  Assign,
  Assume,
  Call,
  CallAssign,
  Expr,
  If,
  Join,
  LValue,
  Return,
  Stmt,
  VarDecl,
} from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { Type } from '../../lang/types';
import { extendTrace, isSymArray, push, pushAll, topFrame, type State, type SymValue } from '../state/state';
import { withValue } from './evalChecked';
import type { Term } from '../terms/term';
import { ask, assumeConjunct, checkProperty, sideLabel, split, unknownLeaf } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { assignName, returnInstr, stmtInstrs, withKont } from './frames';
import { havoc } from './havoc';
import { callInto, entryRequires, leaveFrame } from './calls';
import { evalPlace, storeAt, targetPath, type ElementTarget } from './elements';
import { enterLoop, loopTest } from './loops';
import { preserveInvariant } from './invariants';
import { foldStmt, unfoldStmt } from './foldUnfold';
import { assertWithHeap } from './assertHeap';
import { arriveWithHeap, produceAtJoin } from './joinHeap';
import { hasPermission } from './heap/assertions';
import { allocate, writeChecked } from './objects';
import { prepareTargets } from './callTargets';
import { assignFieldElement, isFieldElement } from './fieldElements';
import { exprText } from './exprText';
import { copyState } from '../state/stateCopy';
import { recordLabel } from './labels';
import { quasihavoc } from './quasihavoc';
import { refute } from './refute';
import { breakLoop } from './breakLoop';

/** The successors of `s` (which must be running). */
export async function step(ctx: EngineContext, s: State): Promise<Successor[]> {
  const kont = topFrame(s).kont;
  if (!kont) throw new Error('internal: a running state without a continuation');
  // A note on a running state (what a join dropped) is about the step that made it.
  const rest = withKont(s.note === undefined ? s : { ...s, note: undefined }, kont.tail);
  const head = kont.head;
  if (head.kind === 'requires') return entryRequires(ctx, rest, head.globals, head.clauses);
  if (head.kind === 'joinHeap') return produceAtJoin(ctx, rest, head.join, head.reuse);
  const line =
    head.kind === 'stmt' ? head.stmt.span.line : head.kind === 'return' ? head.span.line : head.loop.span.line;
  // copyState, not a spread: a spread of a State costs about ten times more (state/stateCopy.ts).
  const traced = copyState(rest, rest.frames, rest.globals, rest.pc, rest.model, extendTrace(s.trace, line));
  let out: Successor[];
  switch (head.kind) {
    case 'stmt':
      out = await execStmt(ctx, traced, head.stmt);
      break;
    case 'loop':
      out = await loopTest(ctx, traced, head.loop, head.iteration);
      break;
    case 'loopPreserve':
      out = await preserveInvariant(ctx, traced, head.loop);
      break;
    case 'return':
      out = await leaveFrame(ctx, traced);
      break;
  }
  // Facts assumed unchecked (a heap produce, docs/design.md B.9) can leave the path condition
  // unsatisfiable; then every side of the step is infeasible, and the path ends visibly.
  if (out.length === 0)
    return [
      {
        state: { ...traced, status: 'infeasible', note: 'no way on: the path condition is unsatisfiable' },
        label: STEP,
      },
    ];
  return out;
}

/** Successors for a state in which the statement's own instruction is already popped.
 *  Not `async` (nor are the pass-through judgements below): every async frame costs a
 *  promise and microtask hops on each of the 262,143 steps of 16 ifs, and a profile showed
 *  them. Called under `await` only, so a synchronous throw still rejects the step. */
function execStmt(ctx: EngineContext, s: State, st: Stmt): Promise<Successor[]> {
  switch (st.kind) {
    case 'varDecl':
      return declare(ctx, s, st);
    case 'assign':
      return assign(ctx, s, st);
    case 'callAssign':
      return callAssign(ctx, s, st);
    case 'callStmt':
      return callInto(ctx, s, st.call, [], st.span);
    case 'if':
      return branch(ctx, s, st);
    case 'while':
      return enterLoop(ctx, s, st);
    case 'assume':
      return assume(ctx, s, st);
    case 'assert':
      return assertion(ctx, s, st);
    case 'join':
      return arriveAtJoin(ctx, s, st);
    case 'return':
      return returnStmt(ctx, s, st);
    case 'block':
      return Promise.resolve([{ state: withKont(s, pushAll(stmtInstrs(st.stmts), topFrame(s).kont)), label: STEP }]);
    case 'fold':
      return foldStmt(ctx, s, st);
    case 'unfold':
      return unfoldStmt(ctx, s, st);
    case 'label':
      return recordLabel(ctx, s, st);
    case 'quasihavoc':
      return quasihavoc(ctx, s, st);
    case 'refute':
      return refute(ctx, s, st);
    case 'break':
      return Promise.resolve(breakLoop(ctx, s, st));
  }
}

function asTerm(v: SymValue): Term {
  if (isSymArray(v)) throw new Error('internal: array where a scalar was expected');
  return v;
}

export function declType(ctx: EngineContext, target: LValue | VarDecl): Type {
  const decl =
    target.kind === 'varDecl' ? target : ctx.checked.resolution.get(target.kind === 'var' ? target : rootVar(target));
  const t = decl && ctx.checked.declTypes.get(decl);
  if (!t)
    throw new Error(`internal: no declared type for ${target.kind === 'varDecl' ? target.name : printExpr(target)}`);
  return t;
}

function rootVar(lv: LValue): Expr {
  let e: Expr = lv;
  while (e.kind === 'index') e = e.array;
  return e;
}

function declare(ctx: EngineContext, s: State, st: VarDecl): Promise<Successor[]> {
  const type = declType(ctx, st);
  if (!st.init || st.init.kind === 'havoc') {
    const fresh = havoc(ctx, s, st.name, type, st.span, 'initial value');
    return Promise.resolve([{ state: assignName(fresh.state, st.name, fresh.value), label: STEP }]);
  }
  if (st.init.kind === 'new') {
    const made = allocate(ctx, s, st.init, st.span);
    return Promise.resolve([{ state: assignName(made.state, st.name, made.ref), label: STEP }]);
  }
  if (isProcCall(ctx, st.init)) {
    return callInto(ctx, s, st.init, [{ kind: 'var', name: st.name, span: st.nameSpan }], st.span);
  }
  return withValue(ctx, s, st.init, (next, v) => [{ state: assignName(next, st.name, v), label: STEP }]);
}

/** Whether `e` calls a procedure (a function, a synth or `perm(e.f)` is an expression, evaluated). */
function isProcCall(ctx: EngineContext, e: Expr | Havoc): e is Call {
  return e.kind === 'call' && ctx.checked.procs.has(e.callee);
}

function assign(ctx: EngineContext, s: State, st: Assign): Promise<Successor[]> {
  const { target, value } = st;
  if (isProcCall(ctx, value)) {
    // `a[i] := p()`, `c.f := p()`, `l.items[i] := p()`: the target first (left to right, as Java); the write after the call.
    return prepareTargets(ctx, s, [target], (cur, prepared) => callInto(ctx, cur, value, [target], st.span, prepared));
  }
  if (target.kind === 'var' && value.kind === 'new') {
    const made = allocate(ctx, s, value, st.span);
    return Promise.resolve([{ state: assignName(made.state, target.name, made.ref), label: STEP }]);
  }
  if (target.kind === 'var') {
    if (value.kind === 'havoc') {
      const fresh = havoc(ctx, s, target.name, declType(ctx, target), st.span, 'havoc');
      return Promise.resolve([{ state: assignName(fresh.state, target.name, fresh.value), label: STEP }]);
    }
    return withValue(ctx, s, value, (next, v) => [{ state: assignName(next, target.name, v), label: STEP }]);
  }
  if (target.kind === 'field') return assignField(ctx, s, target, value, st);
  if (isFieldElement(target)) return assignFieldElement(ctx, s, target, value, st);
  return assignElement(ctx, s, target, value, st);
}

/** `a[i], c.f := p(…)`: every target's indices and receiver first, left to right (callTargets.ts); the results are stored after the call. */
function callAssign(ctx: EngineContext, s: State, st: CallAssign): Promise<Successor[]> {
  return prepareTargets(ctx, s, st.targets, (cur, prepared) =>
    callInto(ctx, cur, st.call, st.targets, st.span, prepared),
  );
}

/** `a[i] := e`, `a[i][j] := *`: a new array value with one element replaced. */
async function assignElement(
  ctx: EngineContext,
  s: State,
  target: ElementTarget,
  value: Expr | { kind: 'havoc' },
  st: Assign,
): Promise<Successor[]> {
  const place = await evalPlace(ctx, s, target);
  if (!place.next) return place.leaves;
  const done = (s2: State, v: SymValue): Successor[] => [
    { state: storeAt(ctx, s2, target, place.indices, v), label: STEP },
  ];
  if (value.kind === 'havoc') {
    const elemType = ctx.checked.exprTypes.get(target);
    if (!elemType) throw new Error('internal: no type for an element target');
    const fresh = havoc(ctx, place.next, targetPath(target).name, elemType, st.span, 'havoc of an element');
    return [...place.leaves, ...done(fresh.state, fresh.value)];
  }
  return [...place.leaves, ...(await withValue(ctx, place.next, value, done))];
}

/** `e.f := v`: the receiver, then the value (a new object, a havoc or an expression), then the write. */
async function assignField(
  ctx: EngineContext,
  s: State,
  target: FieldRead,
  value: Expr | { kind: 'havoc' },
  st: Assign,
): Promise<Successor[]> {
  return withValue(ctx, s, target.object, async (s1, recv) => {
    if (value.kind === 'new') {
      const made = allocate(ctx, s1, value, st.span);
      return writeChecked(ctx, made.state, target, asTerm(recv), made.ref, st.span);
    }
    if (value.kind === 'havoc') {
      const fresh = havoc(ctx, s1, printExpr(target), declTypeOfField(ctx, target), st.span, 'havoc');
      return writeChecked(ctx, fresh.state, target, asTerm(recv), fresh.value, st.span);
    }
    return withValue(ctx, s1, value, (s2, v) => writeChecked(ctx, s2, target, asTerm(recv), v, st.span));
  });
}

function declTypeOfField(ctx: EngineContext, target: FieldRead): Type {
  const t = ctx.checked.exprTypes.get(target);
  if (!t) throw new Error('internal: no type for a field target');
  return t;
}

function branch(ctx: EngineContext, s: State, st: If): Promise<Successor[]> {
  return withValue(ctx, s, st.cond, async (s1, c) => {
    const out = await split(ctx, s1, asTerm(c), st.cond.span, `if (${exprText(st.cond)})`);
    const succ: Successor[] = [...out.leaves];
    const kont = topFrame(s1).kont;
    if (out.then) {
      const state = withKont(out.then, pushAll(stmtInstrs(st.then.stmts), kont));
      succ.push({ state, label: sideLabel(ctx, out, 'then', asTerm(c), st.cond.span) });
    }
    if (out.else) {
      const elseInstrs = !st.otherwise
        ? []
        : st.otherwise.kind === 'block'
          ? stmtInstrs(st.otherwise.stmts)
          : [{ kind: 'stmt' as const, stmt: st.otherwise }];
      const state = withKont(out.else, pushAll(elseInstrs, kont));
      succ.push({ state, label: sideLabel(ctx, out, 'else', asTerm(c), st.cond.span) });
    }
    return succ;
  });
}

function assume(ctx: EngineContext, s: State, st: Assume): Promise<Successor[]> {
  return withValue(ctx, s, st.cond, async (s1, v) => {
    const cond = asTerm(v);
    const r = await ask(ctx, s1, cond);
    if (r.status === 'unknown') return [unknownLeaf(s1, r, `assume ${printExpr(st.cond)}`)];
    if (r.status === 'unsat') {
      return [
        {
          state: { ...s1, status: 'infeasible', note: `assume ${printExpr(st.cond)} contradicts the path condition` },
          label: STEP,
        },
      ];
    }
    return [{ state: assumeConjunct(s1, cond, st.span, 'assume', r), label: STEP }];
  });
}

function assertion(ctx: EngineContext, s: State, st: Assert): Promise<Successor[]> {
  if (hasPermission(st.cond, (n) => ctx.checked.predicates.has(n))) return assertWithHeap(ctx, s, st);
  return withValue(ctx, s, st.cond, async (s1, v) => {
    const out = await checkProperty(
      ctx,
      s1,
      asTerm(v),
      { kind: 'assert', span: st.span, message: exprText(st.cond) },
      'assert',
    );
    return out.next ? [...out.leaves, { state: out.next, label: STEP }] : out.leaves;
  });
}

/** `join φ;` checks φ on arrival; every path then waits at the join for the others of its activation. */
async function arriveAtJoin(ctx: EngineContext, s: State, st: Join): Promise<Successor[]> {
  const waiting = (next: State): Successor => ({
    state: {
      ...withKont(next, push({ kind: 'stmt', stmt: st }, topFrame(next).kont)),
      status: 'waiting',
      waitingAt: st,
    },
    label: STEP,
  });
  if (!st.cond) return [waiting(s)];
  if (hasPermission(st.cond, (n) => ctx.checked.predicates.has(n))) return arriveWithHeap(ctx, s, st, waiting);
  return withValue(ctx, s, st.cond, async (s1, v) => {
    const out = await checkProperty(
      ctx,
      s1,
      asTerm(v),
      { kind: 'join', span: st.span, message: printExpr(st.cond!) },
      'join',
    );
    return out.next ? [...out.leaves, waiting(out.next)] : out.leaves;
  });
}

async function returnStmt(ctx: EngineContext, s: State, st: Return): Promise<Successor[]> {
  const proc = topFrame(s).proc;
  const jump = (next: State): State => withKont(next, push(returnInstr(proc), null));
  if (!st.value) return [{ state: jump(s), label: STEP }];
  const ret = proc.returns[0];
  return withValue(ctx, s, st.value, (next, v) => [{ state: jump(assignName(next, ret.name, v)), label: STEP }]);
}

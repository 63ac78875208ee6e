// Viper's `goto l` lowered to structured code. A forward jump to a label later in the same block
// or an enclosing one sets a flag `goto@l` (declared false at the start of the method; `@` keeps
// it apart from Viper's names), and every statement between the jump and the label is guarded by
// `if (!goto@l)`: a path that jumps runs none of them and goes on at the label, one that does not
// runs them all, exactly as Viper's control flow graph. A `var x: T := e` so skipped is split
// into its declaration (x arbitrary, as Viper's) and the guarded assignment, so x stays in scope.
// A label that a later statement of its block jumps back to heads a loop (lowerGotoLoop.ts). A
// jump out of a loop's body (a `while`'s or a goto loop's) sets its flag and leaves the loop by a
// `break`; inside a loop every flag is reset where its jumps' paths start over (each iteration).
// Refused by name: a jump backward or into a block, into a goto loop, to a label that does not
// exist, and a jump over a label that an `old[l]` names (it would record the state at the jump).

import type { Span } from '../span';
import type { VBlock, VExpr, VIf, VStmt } from './ast';
import { refuse, type LowerCtx } from './context';
import { bool, flag, gotoTargets, labelsIn, oldLabels, setFlag, spanOfGoto, walk } from './gotoWalk';
import { stripGotos, withoutDeadCode } from './gotoDeadCode';
import { gotoLoop, loopEnd, type Rewritten, type Where } from './lowerGotoLoop';

/** The method body with its gotos lowered, or refused by name (then the body is left as it was). */
export function lowerGotos(body: VBlock, ctx: LowerCtx): VBlock {
  if (!mentionsGoto(body)) return body;
  const targets = new Set(gotoTargets(body));
  const where: Where = { refusals: [], olds: oldLabels(body), targets, loopBody: false };
  const { stmts, escaping } = list(body.stmts, where);
  for (const l of escaping)
    where.refusals.push({ feature: `goto backward or into a block ('${l}')`, span: spanOfGoto(body, l, body.span) });
  if (where.refusals.length > 0) {
    // Each goto is refused once, by name: the body goes on without them (not refused again as a macro's).
    for (const r of where.refusals) refuse(ctx, r.feature, r.span);
    return { ...body, stmts: stripGotos(body.stmts) };
  }
  const decls: VStmt[] = [...targets].map((l) => ({
    kind: 'varDecl',
    name: flag(l),
    nameSpan: body.span,
    type: { kind: 'Bool' },
    init: bool(false, body.span),
    span: { ...body.span, endLine: body.span.line, endCol: body.span.col + 1 },
  }));
  return { ...body, stmts: [...decls, ...stmts] };
}

function list(all: readonly VStmt[], where: Where): Rewritten {
  const stmts = withoutDeadCode(all, where.targets);
  const out: VStmt[] = [];
  const active = new Set<string>();
  const passed = new Set<string>();
  const escaping = new Set<string>();
  const later = (i: number, l: string) =>
    l === where.head || stmts.slice(i + 1).some((x) => x.kind === 'label' && x.name === l);
  const emit = (r: Rewritten, i: number, span: Span) => {
    const leaving: string[] = [];
    for (const l of r.escaping) {
      if (later(i, l)) active.add(l);
      else if (passed.has(l)) where.refusals.push({ feature: `goto backward (a loop made of gotos, '${l}')`, span });
      else if (where.loopBody) leaving.push(l);
      else active.add(l);
    }
    for (const l of leaving) escaping.add(l);
    const leave = leaving.length === 0 ? [] : [breakIf(leaving, span)];
    out.push(...guarded([...r.stmts, ...leave], active, span));
  };
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i];
    if (s.kind !== 'label') {
      emit(stmt(s, where), i, s.span);
      continue;
    }
    const end = loopEnd(stmts, i);
    active.delete(s.name);
    if (end >= 0) {
      const region = stmts.slice(i + 1, end + 1);
      for (const l of labelsIn(region))
        if (active.has(l)) where.refusals.push({ feature: `goto into a loop made of gotos ('${l}')`, span: s.span });
      emit(gotoLoop(s, region, where, list), end, s.span);
      passed.add(s.name);
      i = end;
      continue;
    }
    passed.add(s.name);
    // A label records the state where it runs (old[l], lowerLabel.ts); one a jump skips would
    // record the state at the jump instead: refused where an old[l] reads it.
    if (where.olds.has(s.name))
      for (const l of active)
        where.refusals.push({ feature: `goto over another label ('${l}' skips '${s.name}')`, span: s.span });
    out.push(s);
  }
  for (const l of active) if (l !== where.head) escaping.add(l);
  return { stmts: out, escaping };
}

/** A nested list: not a loop's body itself (a jump out of it is handled by the list around it). */
const nested = (where: Where): Where => ({ ...where, loopBody: false, head: undefined });

function stmt(s: VStmt, where: Where): Rewritten {
  switch (s.kind) {
    case 'goto':
      return { stmts: [setFlag(s.name, true, s.span)], escaping: new Set([s.name]) };
    case 'block': {
      const r = list(s.stmts, nested(where));
      return { stmts: [{ ...s, stmts: r.stmts }], escaping: r.escaping };
    }
    case 'if': {
      const r = ifStmt(s, where);
      return { stmts: [r.stmt], escaping: r.escaping };
    }
    case 'while': {
      // A jump out of the body leaves by a `break` (lowerGotoLoop.ts's Where); its flag starts each iteration false.
      const r = list(s.body.stmts, { ...where, loopBody: true, head: undefined });
      const point = { ...s.span, endLine: s.span.line, endCol: s.span.col };
      const resets = [...r.escaping].map((l) => setFlag(l, false, point));
      return { stmts: [{ ...s, body: { ...s.body, stmts: [...resets, ...r.stmts] } }], escaping: r.escaping };
    }
    default:
      return { stmts: [s], escaping: new Set() };
  }
}

function ifStmt(s: VIf, where: Where): { stmt: VIf; escaping: Set<string> } {
  const then = list(s.then.stmts, nested(where));
  const escaping = new Set(then.escaping);
  let otherwise: VBlock | VIf | undefined = s.otherwise;
  if (s.otherwise?.kind === 'if') {
    const r = ifStmt(s.otherwise, where);
    otherwise = r.stmt;
    for (const l of r.escaping) escaping.add(l);
  } else if (s.otherwise !== undefined) {
    const r = list(s.otherwise.stmts, nested(where));
    otherwise = { ...s.otherwise, stmts: r.stmts };
    for (const l of r.escaping) escaping.add(l);
  }
  return { stmt: { ...s, then: { ...s.then, stmts: then.stmts }, otherwise }, escaping };
}

const anyFlag = (labels: Iterable<string>, span: Span): VExpr =>
  [...labels]
    .map((l): VExpr => ({ kind: 'var', name: flag(l), span }))
    .reduce((a, b): VExpr => ({ kind: 'binary', op: '||', left: a, right: b, span }) as VExpr);

/** `if (goto@l1 || …) { break }`: a path that jumped out of the loop's body leaves the loop. */
function breakIf(labels: readonly string[], at: Span): VStmt {
  // A point span: no failure falls inside it, so none is reported as this `if`'s (errorIds.ts).
  const span = { ...at, endLine: at.line, endCol: at.col };
  const brk: VStmt = { kind: 'break', span };
  return { kind: 'if', cond: anyFlag(labels, span), then: { kind: 'block', stmts: [brk], span }, span };
}

/** `stmts` run only when no jump to a label in `active` was taken (declarations stay outside). */
function guarded(stmts: VStmt[], active: ReadonlySet<string>, span: Span): VStmt[] {
  if (active.size === 0) return stmts;
  const cond: VExpr = { kind: 'unary', op: '!', operand: anyFlag(active, span), span };
  const out: VStmt[] = [];
  const body: VStmt[] = [];
  for (const s of stmts) {
    if (s.kind === 'varDecl') {
      out.push({ ...s, init: undefined });
      if (s.init !== undefined)
        body.push({ kind: 'assign', target: s.name, targetSpan: s.nameSpan, value: s.init, span: s.span });
    } else body.push(s);
  }
  if (body.length > 0) out.push({ kind: 'if', cond, then: { kind: 'block', stmts: body, span }, span });
  return out;
}

function mentionsGoto(b: VBlock): boolean {
  for (const x of walk(b.stmts)) if (x.kind === 'goto') return true;
  return false;
}

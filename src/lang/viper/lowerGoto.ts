// Viper's `goto l` where it lowers soundly to structured code: a forward jump to a label that
// stands later in the same block or in an enclosing one, out of `if`s and blocks but not out of
// a loop. The jump sets a flag `goto@l` (declared false at the start of the method; `@` keeps it
// apart from Viper's names), and every statement between the jump and the label is guarded by
// `if (!goto@l)`: a path that jumps runs none of them and goes on at the label, one that does not
// runs them all, exactly as Viper's control flow graph. A `var x: T := e` so skipped is split
// into its declaration (x arbitrary, as Viper's) and the guarded assignment, so x stays in scope.
// Every other goto is refused by name: backward (a loop made of gotos), into a block, out of a
// loop, or to a label that does not exist. Labels stay where they are (this file only reads them as jump targets).

import type { Span } from '../span';
import type { VBlock, VExpr, VIf, VStmt } from './ast';
import { refuse, type LowerCtx } from './context';

const flag = (label: string): string => `goto@${label}`;

interface Rewritten {
  readonly stmts: VStmt[];
  /** Labels that a jump inside targets and that this statement list does not reach. */
  readonly escaping: ReadonlySet<string>;
}

/** The method body with its gotos lowered, or refused by name (then the body is left as it was). */
export function lowerGotos(body: VBlock, ctx: LowerCtx): VBlock {
  if (!mentionsGoto(body)) return body;
  const refusals: { feature: string; span: Span }[] = [];
  const { stmts, escaping } = list(body.stmts, refusals);
  for (const l of escaping)
    refusals.push({ feature: `goto backward or into a block ('${l}')`, span: spanOfGoto(body, l) });
  if (refusals.length > 0) {
    for (const r of refusals) refuse(ctx, r.feature, r.span);
    return body;
  }
  const labels = [...new Set(gotoTargets(body))];
  const decls: VStmt[] = labels.map((l) => ({
    kind: 'varDecl',
    name: flag(l),
    nameSpan: body.span,
    type: { kind: 'Bool' },
    init: { kind: 'bool', value: false, span: body.span },
    span: { ...body.span, endLine: body.span.line, endCol: body.span.col + 1 },
  }));
  return { ...body, stmts: [...decls, ...stmts] };
}

function list(stmts: readonly VStmt[], refusals: { feature: string; span: Span }[]): Rewritten {
  const out: VStmt[] = [];
  const active = new Set<string>();
  const passed = new Set<string>();
  for (const s of stmts) {
    if (s.kind === 'label') {
      active.delete(s.name);
      passed.add(s.name);
      // A label records the state where it runs (old[l], lowerLabel.ts); one a jump skips would
      // record the state at the jump instead: refused rather than guessed.
      for (const l of active)
        refusals.push({ feature: `goto over another label ('${l}' skips '${s.name}')`, span: s.span });
      out.push(s);
      continue;
    }
    const r = stmt(s, refusals);
    out.push(...guarded(r.stmts, active, s.span));
    for (const l of r.escaping) {
      if (passed.has(l)) refusals.push({ feature: `goto backward (a loop made of gotos, '${l}')`, span: s.span });
      else active.add(l);
    }
  }
  return { stmts: out, escaping: active };
}

function stmt(s: VStmt, refusals: { feature: string; span: Span }[]): Rewritten {
  switch (s.kind) {
    case 'goto':
      return {
        stmts: [{ kind: 'assign', target: flag(s.name), targetSpan: s.span, value: bool(true, s.span), span: s.span }],
        escaping: new Set([s.name]),
      };
    case 'block': {
      const r = list(s.stmts, refusals);
      return { stmts: [{ ...s, stmts: r.stmts }], escaping: r.escaping };
    }
    case 'if': {
      const r = ifStmt(s, refusals);
      return { stmts: [r.stmt], escaping: r.escaping };
    }
    case 'while': {
      const r = list(s.body.stmts, refusals);
      for (const l of r.escaping) refusals.push({ feature: `goto out of a loop ('${l}')`, span: s.span });
      return { stmts: [{ ...s, body: { ...s.body, stmts: r.stmts } }], escaping: new Set() };
    }
    default:
      return { stmts: [s], escaping: new Set() };
  }
}

function ifStmt(s: VIf, refusals: { feature: string; span: Span }[]): { stmt: VIf; escaping: Set<string> } {
  const then = list(s.then.stmts, refusals);
  const escaping = new Set(then.escaping);
  let otherwise: VBlock | VIf | undefined = s.otherwise;
  if (s.otherwise?.kind === 'if') {
    const r = ifStmt(s.otherwise, refusals);
    otherwise = r.stmt;
    for (const l of r.escaping) escaping.add(l);
  } else if (s.otherwise !== undefined) {
    const r = list(s.otherwise.stmts, refusals);
    otherwise = { ...s.otherwise, stmts: r.stmts };
    for (const l of r.escaping) escaping.add(l);
  }
  return { stmt: { ...s, then: { ...s.then, stmts: then.stmts }, otherwise }, escaping };
}

/** `stmts` run only when no jump to a label in `active` was taken (declarations stay outside). */
function guarded(stmts: VStmt[], active: ReadonlySet<string>, span: Span): VStmt[] {
  if (active.size === 0) return stmts;
  const jumped = [...active]
    .map((l): VExpr => ({ kind: 'var', name: flag(l), span }))
    .reduce((a, b): VExpr => ({ kind: 'binary', op: '||', left: a, right: b, span }) as VExpr);
  const cond: VExpr = { kind: 'unary', op: '!', operand: jumped, span };
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

function bool(value: boolean, span: Span): VExpr {
  return { kind: 'bool', value, span };
}

function* walk(node: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(node)) for (const n of node) yield* walk(n);
  else if (node !== null && typeof node === 'object') {
    const x = node as Record<string, unknown>;
    yield x;
    for (const [k, v] of Object.entries(x)) if (k !== 'span' && typeof v === 'object') yield* walk(v);
  }
}

function mentionsGoto(b: VBlock): boolean {
  for (const x of walk(b.stmts)) if (x.kind === 'goto') return true;
  return false;
}

function gotoTargets(b: VBlock): string[] {
  return [...walk(b.stmts)].filter((x) => x.kind === 'goto').map((x) => x.name as string);
}

function spanOfGoto(b: VBlock, label: string): Span {
  const g = [...walk(b.stmts)].find((x) => x.kind === 'goto' && x.name === label);
  return (g?.span as Span | undefined) ?? b.span;
}

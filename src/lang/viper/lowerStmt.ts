// Viper statements to Sym statements. Where Sym has no statement of its own the lowering uses a
// call to a generated helper procedure (helpers.ts): `inhale A` with permissions produces A (a
// helper whose ensures is A; `assume A` with permissions: impureAssume.ts), `exhale A` consumes it (a helper whose requires is A),
// and `new(f, …)` drops the permissions of the fields not listed. Sym's `new` gives every field
// its default value, Viper's gives arbitrary values: the lowering havocs every listed field.

import type { Assign, Block, Expr, Stmt } from '../ast';
import type { Span } from '../span';
import type { VBlock, VExpr, VIf, VStmt } from './ast';
import { fail, refuse, type LowerCtx } from './context';
import { hasPermissions, instancePart, lowerExpr, predicateCall } from './lowerExpr';
import { macroBindings, respan } from './macros';
import { exhaleHelper, inhaleHelper } from './helpers';
import { symType, REF_CLASS } from './types';
import { lowerLabel, lowerQuasihavoc } from './lowerLabel';
import { lowerRefute } from './lowerRefute';
import { lowerApply, lowerPackage } from './lowerWandStmt';
import { assumesPermissions, lowerImpureAssume } from './impureAssume';
import { expect, paramType } from './expectedType';
import { lowerQuantifiedFold, quantifiedFoldOf } from './quantifiedPredFold';
import { assignedFieldType } from './macroAssign';

export function lowerBlock(b: VBlock, ctx: LowerCtx): Block {
  return { kind: 'block', stmts: b.stmts.flatMap((s) => lowerStmt(s, ctx)), span: b.span };
}

export function lowerStmt(s: VStmt, ctx: LowerCtx): Stmt[] {
  const site = (kind: Parameters<typeof ctx.out.sites.push>[0]['kind']) => ctx.out.sites.push({ kind, span: s.span });
  switch (s.kind) {
    case 'varDecl': {
      site('varDecl');
      const type = symType(s.type, s.span, ctx);
      const init = s.init && lowerExpr(s.init, expect({ ...ctx, place: 'code' }, s.init, s.type));
      ctx.vars.set(s.name, s.type);
      return [{ kind: 'varDecl', name: s.name, nameSpan: s.nameSpan, type, init, span: s.span }];
    }
    case 'assign':
      return lowerAssign(s, ctx);
    case 'fieldAssign': {
      site('fieldAssign');
      // `m(x) := e` where the macro m stands for a field access (macroAssign.ts).
      const field = assignedFieldType(s.target, ctx);
      if (field === undefined) return [];
      return [
        {
          kind: 'assign',
          target: lowerExpr(s.target, { ...ctx, place: 'code' }) as Assign['target'],
          value: lowerExpr(s.value, expect({ ...ctx, place: 'code' }, s.value, field.type)),
          span: s.span,
        },
      ];
    }
    case 'new':
      return lowerNew(s, ctx);
    case 'call':
      return lowerCall(s, ctx);
    case 'assert':
      site('assert');
      return [
        { kind: 'assert', cond: lowerExpr(s.expr, { ...ctx, place: 'assertion', side: 'exhale' }), span: s.span },
      ];
    case 'assume':
    case 'inhale':
      return lowerInhale(s, { ...ctx, side: 'inhale' }, site);
    case 'exhale':
      return lowerExhale(s, { ...ctx, side: 'exhale' }, site);
    case 'refute':
      return lowerRefute(s, ctx);
    case 'package':
      return lowerPackage(s, ctx);
    case 'apply':
      return lowerApply(s, ctx);
    case 'unreachable':
      // Only the smoke checks read it (smoke.ts); it changes nothing on a path.
      return [];
    case 'fold':
    case 'unfold': {
      const quantified = quantifiedFoldOf(s, ctx);
      if (quantified) return lowerQuantifiedFold(s, quantified, ctx, lowerStmt);
      site(s.kind);
      return [
        {
          kind: s.kind,
          pred: predicateCall(s.pred, { ...ctx, place: 'assertion' }, s.kind),
          ...instancePart(s.pred, { ...ctx, place: 'assertion' }),
          span: s.span,
        },
      ];
    }
    case 'label':
      return lowerLabel(s);
    case 'quasihavoc':
      return lowerQuasihavoc(s, ctx, lowerExpr);
    case 'break':
      return [{ kind: 'break', span: s.span }];
    case 'goto':
      // A forward jump was lowered before (lowerGoto.ts); this one came from a macro's body.
      refuse(ctx, 'goto inside a macro', s.span);
      return [];
    case 'if':
      return [lowerIf(s, ctx)];
    case 'while':
      site('while');
      for (const inv of s.invariants) ctx.out.sites.push({ kind: 'invariant', span: inv.span });
      return [
        {
          kind: 'while',
          cond: lowerExpr(s.cond, { ...ctx, place: 'code' }),
          invariants: loopInvariants(s, ctx),
          body: lowerBlock(s.body, ctx),
          span: s.span,
        },
      ];
    case 'block':
      return [lowerBlock(s, ctx)];
    case 'define':
      // Collected for the whole method before its body is lowered (localMacros.ts).
      if (ctx.decls.macros.get(s.name) !== s) refuse(ctx, 'define inside a method body', s.span);
      return [];
    case 'unsupported':
      refuse(ctx, s.feature, s.span);
      return [];
  }
}

function lowerIf(s: VIf, ctx: LowerCtx): Stmt {
  ctx.out.sites.push({ kind: 'if', span: s.cond.span });
  const otherwise =
    s.otherwise === undefined
      ? undefined
      : s.otherwise.kind === 'if'
        ? (lowerIf(s.otherwise, ctx) as Extract<Stmt, { kind: 'if' }>)
        : lowerBlock(s.otherwise, ctx);
  return {
    kind: 'if',
    cond: lowerExpr(s.cond, { ...ctx, place: 'code' }),
    then: lowerBlock(s.then, ctx),
    otherwise,
    span: s.span,
  };
}

function targetRef(name: string, span: Span, ctx: LowerCtx): Extract<Expr, { kind: 'var' }> {
  const bound = ctx.subst.get(name);
  if (bound !== undefined) {
    if (bound.kind === 'var') return { kind: 'var', name: bound.name, span };
    fail(ctx, `macro argument assigned to is not a variable: '${name}'`, span);
  } else if (!ctx.vars.has(name)) {
    fail(ctx, `unknown variable '${name}'`, span);
  }
  return { kind: 'var', name, span };
}

function lowerAssign(s: Extract<VStmt, { kind: 'assign' }>, ctx: LowerCtx): Stmt[] {
  const isMethodCall = s.value.kind === 'app' && ctx.decls.methods.has(s.value.name);
  const callee = s.value.kind === 'app' ? s.value.name : '';
  ctx.out.sites.push({ kind: isMethodCall ? 'call' : 'assign', span: s.span });
  const value: Expr =
    isMethodCall && s.value.kind === 'app'
      ? {
          kind: 'call',
          callee: s.value.name,
          calleeSpan: s.value.nameSpan,
          args: s.value.args.map((a, i) =>
            lowerExpr(a, expect({ ...ctx, place: 'code' }, a, paramType(callee, i, ctx))),
          ),
          span: s.value.span,
        }
      : lowerExpr(s.value, expect({ ...ctx, place: 'code' }, s.value, ctx.vars.get(s.target)));
  return [{ kind: 'assign', target: targetRef(s.target, s.targetSpan, ctx), value, span: s.span }];
}

function lowerCall(s: Extract<VStmt, { kind: 'call' }>, ctx: LowerCtx): Stmt[] {
  const macro = ctx.decls.macros.get(s.callee);
  if (macro !== undefined && s.targets.length === 0) return expandStmtMacro(macro, s, ctx);
  if (!ctx.decls.methods.has(s.callee)) {
    fail(ctx, `'${s.callee}' is not a method`, s.calleeSpan);
    return [];
  }
  ctx.out.sites.push({ kind: 'call', span: s.span });
  const call = {
    kind: 'call' as const,
    callee: s.callee,
    calleeSpan: s.calleeSpan,
    args: s.args.map((a, i) => lowerExpr(a, expect({ ...ctx, place: 'code' }, a, paramType(s.callee, i, ctx)))),
    span: s.span,
  };
  if (s.targets.length === 0) return [{ kind: 'callStmt', call, span: s.span }];
  return [{ kind: 'callAssign', targets: s.targets.map((t) => targetRef(t.name, t.span, ctx)), call, span: s.span }];
}

function expandStmtMacro(
  macro: Extract<VStmt, { kind: 'define' }>,
  s: Extract<VStmt, { kind: 'call' }>,
  ctx: LowerCtx,
): Stmt[] {
  if (macro.body.kind !== 'block') {
    fail(ctx, `macro '${macro.name}' is an expression macro, used as a statement`, s.span);
    return [];
  }
  if (s.bare && macro.params !== undefined && macro.params.length > 0)
    fail(ctx, `macro '${macro.name}' needs arguments`, s.span);
  const subst = macroBindings(macro, s.args, s.span, ctx, lowerExpr);
  if (subst === undefined) return [];
  // Spliced, not a block: Viper's locals are the method's, so a variable the macro declares is
  // visible after its use (all/impure_assume/fields_02.vpr); two uses declaring one name clash.
  return [...lowerBlock(respan(macro.body, s.span), { ...ctx, subst, depth: ctx.depth + 1 }).stmts];
}

function lowerNew(s: Extract<VStmt, { kind: 'new' }>, ctx: LowerCtx): Stmt[] {
  ctx.out.sites.push({ kind: 'new', span: s.span });
  const target = targetRef(s.target, s.targetSpan, ctx);
  const all = [...ctx.decls.fields.keys()];
  for (const f of s.fields ?? []) if (!ctx.decls.fields.has(f)) fail(ctx, `unknown field '${f}'`, s.span);
  const listed = s.fields ?? all;
  const created: Stmt = {
    kind: 'assign',
    target,
    value: { kind: 'new', className: REF_CLASS, classSpan: s.span, span: s.span },
    span: s.span,
  };
  const havocs: Stmt[] = listed.map((f) => ({
    kind: 'assign',
    target: { kind: 'field', object: { ...target }, field: f, fieldSpan: s.span, span: s.span },
    value: { kind: 'havoc', span: s.span },
    span: s.span,
  }));
  const dropped = all.filter((f) => !listed.includes(f));
  if (dropped.length === 0) return [created, ...havocs];
  const accs: VExpr[] = dropped.map((f) => ({
    kind: 'acc',
    loc: { kind: 'field', object: { kind: 'var', name: s.target, span: s.span }, field: f, span: s.span },
    span: s.span,
  }));
  const all_ = accs.reduce((l, r) => ({ kind: 'binary', op: '&&', left: l, right: r, span: s.span }));
  return [created, exhaleHelper(all_, s.span, ctx, 'new'), ...havocs];
}

type SpecStmt = Extract<VStmt, { kind: 'assume' | 'assert' | 'inhale' | 'exhale' }>;

/** `inhale A` / `assume A` (`[A, B]` read as A). */
function lowerInhale(s: SpecStmt, ctx: LowerCtx, site: (k: SpecStmt['kind']) => void): Stmt[] {
  site(s.kind);
  const impure = s.kind === 'assume' && assumesPermissions(s.expr, ctx);
  if (!hasPermissions(s.expr, ctx) || (s.kind === 'assume' && !impure))
    return [{ kind: 'assume', cond: lowerExpr(s.expr, { ...ctx, place: 'code' }), span: s.span }];
  // Viper's `assume acc(x.f)` assumes the permission is already held (impureAssume.ts).
  if (s.kind === 'assume') return lowerImpureAssume(s, ctx, lowerExpr);
  return [inhaleHelper(s.expr, s.span, ctx)];
}

/** `exhale A` (`[A, B]` read as B). */
function lowerExhale(s: SpecStmt, ctx: LowerCtx, site: (k: SpecStmt['kind']) => void): Stmt[] {
  site('exhale');
  if (!hasPermissions(s.expr, ctx))
    return [{ kind: 'assert', cond: lowerExpr(s.expr, { ...ctx, place: 'code' }), span: s.span }];
  return [exhaleHelper(s.expr, s.span, ctx)];
}

/** A loop's invariants; none is Viper's `invariant true`: the loop is verified modularly like
 *  any other, its body starting from the invariant alone (every permission framed away), never
 *  unrolled as a Sym loop without invariants is (docs/viper.md, "Loops"). */
function loopInvariants(s: Extract<VStmt, { kind: 'while' }>, ctx: LowerCtx): Expr[] {
  if (s.invariants.length === 0) return [{ kind: 'boolLit', value: true, span: s.span }];
  return s.invariants.map((i) => lowerExpr(i, { ...ctx, place: 'invariant' }));
}

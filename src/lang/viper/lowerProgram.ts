// A Viper program to a Sym program: one class `Ref` with every field, Viper's methods as
// procedures (results start arbitrary: the body begins by havocking them; a method without a
// body is its contract: its body is `assume false`, which modular mode never runs for a caller),
// functions with their postcondition checked once by a generated procedure `f@post`,
// predicates (an abstract one has the body `true`, is marked abstract so that its instances carry fresh
// snapshots, and may not be folded or unfolded), and the
// helper procedures of inhale/exhale/new.

import type { Expr, FunctionDecl, PredicateDecl, Proc, Program, Stmt, TopDecl } from '../ast';
import type { Span } from '../span';
import type { VDecl, VProgram, VType } from './ast';
import type { Collect, DeclOf, Decls, LowerCtx } from './context';
import { fail, refuse } from './context';
import { lowerExpr } from './lowerExpr';
import { lowerBlock } from './lowerStmt';
import { lowerGotos } from './lowerGoto';
import { withLocalMacros } from './localMacros';
import { distinctBinders } from './distinctBinders';
import { checkFunctionSides } from './lowerInhaleExhale';
import { lowerDomain } from './lowerDomain';
import { expect } from './expectedType';
import { instanceAxioms } from './instanceAxioms';
import { REF_CLASS, symType } from './types';
import { quantifiedFieldsOf, refuseAroundQuantified } from './quantifiedPerms';
import { adtAxioms, adtNames } from './adt';
import { encodeQuantifiedPreds } from './quantifiedPreds';
import { isSnapField } from './quantifiedPredNames';
import { withSetCardinality } from './setCardinality';
import { withMultisets } from './multisets';

export interface Lowered {
  readonly program: Program;
  readonly out: Collect;
}

export function lowerProgram(source: VProgram, fileSpan: Span): Lowered {
  const out: Collect = { refusals: [], errors: [], helpers: [], sites: [], instances: new Map(), apps: new Map() };
  // Collections first (their operators become domain functions), then quantified predicates.
  const vp = encodeQuantifiedPreds(withMultisets(withSetCardinality(source)), out);
  const quantifiedFields = quantifiedFieldsOf(vp);
  refuseAroundQuantified(vp, quantifiedFields, out);
  const decls = { ...collectDecls(vp, out), quantifiedFields };
  const base = (vars: Map<string, VType>): LowerCtx => ({
    decls,
    vars,
    place: 'code',
    depth: 0,
    subst: new Map(),
    out,
  });
  const fields = [...decls.fields.values()].map((f) => ({
    name: f.name,
    nameSpan: f.nameSpan,
    type: symType(f.type, f.span, base(new Map())),
    span: f.span,
    ...(quantifiedFields.has(f.name) ? { quantified: true as const } : {}),
    ...(isSnapField(f.name) ? { unbounded: true as const } : {}),
  }));
  const top: TopDecl[] = [{ kind: 'class', name: REF_CLASS, nameSpan: fileSpan, fields, span: fileSpan }];
  for (const d of vp.decls) top.push(...lowerDecl(d, base));
  top.push(...instanceAxioms(base(new Map()), lowerExpr));
  top.push(...adtAxioms(base(new Map()), symType));
  top.push(...(out.wands?.values() ?? []));
  top.push(...out.helpers);
  // The engine verifies procedures; the well-formedness of functions and predicates is checked
  // alongside them. A program without any method still gets it through this empty one.
  if (!top.some((d) => d.kind === 'proc'))
    top.push({
      kind: 'proc',
      name: 'program@wellformed',
      nameSpan: fileSpan,
      params: [],
      returns: [],
      requires: [],
      ensures: [],
      body: { kind: 'block', stmts: [], span: fileSpan },
      span: fileSpan,
    });
  return { program: { kind: 'program', decls: top, span: fileSpan }, out };
}

function collectDecls(vp: VProgram, out: Collect): Decls {
  const names = new Map<string, string>();
  const tables = {
    fields: new Map(),
    methods: new Map(),
    functions: new Map(),
    predicates: new Map(),
    macros: new Map(),
    domains: new Map(),
    domainFunctions: new Map(),
    adts: new Map(),
    adtConstructors: new Map(),
  };
  const table = {
    field: tables.fields,
    method: tables.methods,
    function: tables.functions,
    predicate: tables.predicates,
    define: tables.macros,
    domain: tables.domains,
    adt: tables.adts,
  };
  for (const d of vp.decls) {
    if (d.kind === 'unsupported') continue;
    if (names.has(d.name))
      out.errors.push({ message: `'${d.name}' is already declared as a ${names.get(d.name)}`, span: d.nameSpan });
    names.set(d.name, d.kind);
    table[d.kind].set(d.name, d);
    if (d.kind === 'domain') domainNames(d, names, tables.domainFunctions, out);
    if (d.kind === 'adt') adtNames(d, names, tables.adtConstructors, out);
  }
  return tables;
}

/** A domain's functions share the program's one namespace (Viper's). */
function domainNames(d: DeclOf<'domain'>, names: Map<string, string>, fns: Map<string, unknown>, out: Collect): void {
  for (const f of d.functions) {
    if (names.has(f.name))
      out.errors.push({ message: `'${f.name}' is already declared as a ${names.get(f.name)}`, span: f.nameSpan });
    names.set(f.name, 'domain function');
    fns.set(f.name, f);
  }
}

function lowerDecl(d: VDecl, base: (vars: Map<string, VType>) => LowerCtx): TopDecl[] {
  switch (d.kind) {
    case 'domain':
      return lowerDomain(d, base(new Map()), lowerExpr);
    case 'adt':
      return [];
    case 'field':
    case 'define':
      return [];
    case 'method': {
      const ctx = base(varsOf([...d.params, ...d.returns]));
      const m = distinctBinders(d, ctx.decls.macros.values());
      return [lowerMethod(m, withLocalMacros(ctx, m.body))];
    }
    case 'function':
      return lowerFunction(d, base);
    case 'predicate':
      return [lowerPredicate(d, base(varsOf(d.params)))];
    case 'unsupported':
      refuse(base(new Map()), d.feature, d.span);
      return [];
  }
}

function varsOf(params: readonly { name: string; type: VType }[]): Map<string, VType> {
  return new Map(params.map((p) => [p.name, p.type]));
}

function params(ps: DeclOf<'method'>['params'], ctx: LowerCtx): Proc['params'] {
  return ps.map((p) => ({ name: p.name, type: symType(p.type, p.span, ctx), span: p.span }));
}

function lowerMethod(m: DeclOf<'method'>, ctx: LowerCtx): Proc {
  const requires = m.specs
    .filter((s) => s.kind === 'requires')
    .map((s) => {
      ctx.out.sites.push({ kind: 'requires', span: s.expr.span });
      return lowerExpr(s.expr, { ...ctx, place: 'requires' });
    });
  const ensures = m.specs
    .filter((s) => s.kind === 'ensures')
    .map((s) => {
      ctx.out.sites.push({ kind: 'ensures', span: s.expr.span });
      // Its divisions are checked once, by the well-formedness pass (rules/wellFormed.ts).
      return lowerExpr(s.expr, { ...ctx, place: 'ensures' });
    });
  const span = m.body?.span ?? m.span;
  const havocs: Stmt[] = m.returns.map((r) => ({
    kind: 'assign',
    target: { kind: 'var', name: r.name, span: r.span },
    value: { kind: 'havoc', span: r.span },
    span: r.span,
  }));
  const body =
    m.body === undefined
      ? {
          kind: 'block' as const,
          stmts: [{ kind: 'assume' as const, cond: { kind: 'boolLit' as const, value: false, span }, span }],
          span,
        }
      : (() => {
          const b = lowerBlock(lowerGotos(m.body, ctx), ctx);
          return { ...b, stmts: [...havocs, ...b.stmts] };
        })();
  return {
    kind: 'proc',
    name: m.name,
    nameSpan: m.nameSpan,
    params: params(m.params, ctx),
    returns: params(m.returns, ctx),
    requires,
    ensures,
    body,
    span: m.span,
  };
}

function lowerFunction(f: DeclOf<'function'>, base: (vars: Map<string, VType>) => LowerCtx): TopDecl[] {
  const ctx = base(varsOf(f.params));
  const requires = f.specs
    .filter((s) => s.kind === 'requires')
    .map((s) => {
      ctx.out.sites.push({ kind: 'functionPre', span: s.expr.span });
      return lowerExpr(s.expr, { ...ctx, place: 'requires', inFunction: true });
    });
  checkFunctionSides(requires, ctx);
  if (f.body !== undefined) ctx.out.sites.push({ kind: 'functionBody', span: f.body.span, reportAt: f.span });
  const body =
    f.body === undefined ? undefined : lowerExpr(f.body, expect({ ...ctx, place: 'function' }, f.body, f.result));
  const fn: FunctionDecl = {
    kind: 'function',
    name: f.name,
    nameSpan: f.nameSpan,
    params: params(f.params, ctx),
    result: symType(f.result, f.span, ctx),
    requires,
    body,
    span: f.span,
  };
  const posts = f.specs.filter((s) => s.kind === 'ensures');
  if (posts.length === 0) return [fn];
  if (f.params.some((p) => p.name === 'result'))
    fail(ctx, "a function parameter may not be named 'result'", f.nameSpan);
  const postCtx = base(new Map([...varsOf(f.params), ['result', f.result]]));
  const ensures = posts.map((s) => {
    postCtx.out.sites.push({ kind: 'fnPost', span: s.expr.span });
    return lowerExpr(s.expr, { ...postCtx, place: 'fnPost' });
  });
  const pre = f.specs
    .filter((s) => s.kind === 'requires')
    .map((s) => lowerExpr(s.expr, { ...postCtx, place: 'requires' }));
  // The postcondition is assumed at each application of an abstract or recursive function
  // (rules/evalCalls.ts); an abstract function's procedure only checks that it is well-formed
  // (contract only: `assume false` is its body).
  const abstract = body === undefined;
  // Its applications assume the inhale side of `[A, B]` (rules/inhaleExhaleSides.ts); `f@post` checks the exhale side.
  const decl = { ...fn, ensures: posts.map((s) => lowerExpr(s.expr, { ...postCtx, place: 'fnPost' })) };
  checkFunctionSides(decl.ensures, postCtx);
  // Viper evaluates a function's postcondition in its precondition's state: the requires is
  // ensured again (nothing consumed it), so that what it reads is framed: its inhale side, as produced.
  const framed = f.specs
    .filter((s) => s.kind === 'requires')
    .map((s) => lowerExpr(s.expr, { ...postCtx, place: 'requires', side: 'inhale' }));
  return [decl, postCheck(fn, pre, [...framed, ...ensures], abstract)];
}

/** `f@post`: a procedure that checks f's postcondition once (`result := f(…)`), or only its well-formedness for an abstract f. */
function postCheck(fn: FunctionDecl, pre: Expr[], ensures: Expr[], abstract: boolean): Proc {
  const at = fn.nameSpan;
  const args = fn.params.map((p) => ({ kind: 'var' as const, name: p.name, span: at }));
  const stmt: Stmt = abstract
    ? { kind: 'assume', cond: { kind: 'boolLit', value: false, span: at }, span: at }
    : {
        kind: 'assign',
        target: { kind: 'var', name: 'result', span: at },
        value: { kind: 'call', callee: fn.name, calleeSpan: at, args, span: at, checksPostcondition: true },
        span: at,
      };
  return {
    kind: 'proc',
    name: `${fn.name}@post`,
    nameSpan: at,
    params: fn.params,
    returns: [{ name: 'result', type: fn.result, span: at }],
    requires: pre,
    ensures,
    body: { kind: 'block', span: at, stmts: [stmt] },
    span: fn.span,
  };
}

function lowerPredicate(p: DeclOf<'predicate'>, ctx: LowerCtx): PredicateDecl {
  if (p.body !== undefined) ctx.out.sites.push({ kind: 'predicateBody', span: p.body.span, reportAt: p.span });
  const body =
    p.body === undefined
      ? { kind: 'boolLit' as const, value: true, span: p.nameSpan }
      : lowerExpr(p.body, { ...ctx, place: 'predicate' });
  const decl = { kind: 'predicate' as const, name: p.name, nameSpan: p.nameSpan, params: params(p.params, ctx), body };
  return p.body === undefined ? { ...decl, abstract: true, span: p.span } : { ...decl, span: p.span };
}

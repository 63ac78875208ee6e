// The Silver grammar's semantic actions: nearley's data arrays to Viper AST nodes with spans.
// Kept apart from grammar.ne so they are type-checked TypeScript, not code inside the grammar.

import { hasLooseTrigger } from './triggers';
import { spanFrom, type Span } from '../span';
import { vTokenSpan, type VToken } from './lexer';
import type { VAxiom, VBinaryOp, VBlock, VDecl, VDomainFunction, VExpr, VIf, VParam, VSpec, VStmt, VType } from './ast';
import { resolveVChain, type VChainLink, type VChainOp } from './chain';

type D = any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

const tok = (t: VToken): Span => vTokenSpan(t);
const spanOf = (x: VToken | { span: Span }): Span => ('span' in x ? x.span : tok(x));
const from = (a: VToken | { span: Span }, b: VToken | { span: Span }): Span => spanFrom(spanOf(a), spanOf(b));

export const first = (d: D): unknown[] => [d[0]];
export const appendLast = (d: D): unknown[] => [...d[0], d[d.length - 1]];
export const listArray = (d: D): unknown[] => (d[0] as unknown[]).flat();
export const emptyArray = (): unknown[] => [];
export const nothing = (): undefined => undefined;
export const ident = (d: D): { name: string; span: Span } => ({ name: d[0].text, span: tok(d[0]) });

export function type(d: D | VToken): VType {
  const t: VToken = Array.isArray(d) ? d[0] : d;
  if (t.text === 'Int' || t.text === 'Bool' || t.text === 'Ref') return { kind: t.text };
  return { kind: 'other', name: t.text };
}

export const param = (d: D): VParam => ({ name: d[0].text, type: d[2], span: from(d[0], d[0]) });
/** A domain function's parameters, a type alone named by its place (a name no identifier spells);
 *  its span is set to the function's name (domainFn). */
export const domainParams = (ps: (VParam | { unnamed: VType })[]): VParam[] =>
  ps.map((p, i) =>
    'unnamed' in p ? { name: `@${i}`, type: p.unnamed, span: { line: 0, col: 0, endLine: 0, endCol: 0 } } : p,
  );
export const spec = (d: D): VSpec => ({ kind: d[0][0].text, expr: d[1] });

/** The span of a declaration: from its keyword to its last token (the body, or the signature). */
function lastSpan(start: VToken, parts: unknown[]): Span {
  let end = tok(start);
  for (const p of parts) {
    if (p === undefined || p === null) continue;
    if (Array.isArray(p)) {
      if (p.length > 0) end = lastOf(p, end);
      continue;
    }
    if (typeof p === 'object' && 'span' in (p as object)) end = (p as { span: Span }).span;
    else if (typeof p === 'object' && 'line' in (p as object)) end = tok(p as VToken);
  }
  return spanFrom(tok(start), end);
}
function lastOf(list: unknown[], fallback: Span): Span {
  const x = list[list.length - 1] as { span?: Span; expr?: { span: Span } };
  return x.span ?? x.expr?.span ?? fallback;
}

/** `field a: T, b: U` declares several fields; the program keeps them as separate declarations. */
export const fields = (d: D): VDecl[] =>
  (d[1] as VParam[]).map((p) => ({
    kind: 'field',
    name: p.name,
    nameSpan: p.span,
    type: p.type,
    span: spanFrom(tok(d[0]), p.span),
  }));
export const method = (d: D): VDecl => ({
  kind: 'method',
  name: d[1].text,
  nameSpan: tok(d[1]),
  params: d[2],
  returns: d[3],
  specs: d[4],
  body: d[5],
  span: lastSpan(d[0], [d[1], d[2], d[3], d[4], d[5]]),
});
export const functionDecl = (d: D): VDecl => ({
  kind: 'function',
  name: d[1].text,
  nameSpan: tok(d[1]),
  params: (d[2] as VParam[]).map((p) => (p.span.line === 0 ? { ...p, span: tok(d[1]) } : p)),
  result: d[4],
  specs: d[5],
  body: d[6],
  span: lastSpan(d[0], [d[1], d[5], d[6]]),
});
export const domain = (d: D): VDecl => ({
  kind: 'domain',
  name: d[1].text,
  nameSpan: tok(d[1]),
  typeParams: [],
  functions: (d[3] as (VDomainFunction | VAxiom)[]).filter((m): m is VDomainFunction => m.kind === 'domainFunction'),
  axioms: (d[3] as (VDomainFunction | VAxiom)[]).filter((m): m is VAxiom => m.kind === 'axiom'),
  span: from(d[0], d[4]),
});
const domainFn = (d: D, unique: boolean): VDomainFunction => ({
  kind: 'domainFunction',
  name: d[1].text,
  nameSpan: tok(d[1]),
  params: d[2],
  result: d[4],
  unique,
  span: from(d[0], d[4].span ?? d[1]),
});
export const domainFunction = (d: D): VDomainFunction => domainFn(d, false);
export const uniqueDomainFunction = (d: D): VDomainFunction => ({
  ...domainFn(d.slice(1), true),
  span: from(d[0], d[2]),
});
/** `axiom name { e }` or `axiom { e }`. */
export const axiom = (d: D): VAxiom => ({
  kind: 'axiom',
  ...(d.length === 5 ? { name: d[1].text } : {}),
  body: d[d.length - 2],
  span: from(d[0], d[d.length - 1]),
});
export const predicate = (d: D): VDecl => ({
  kind: 'predicate',
  name: d[1].text,
  nameSpan: tok(d[1]),
  params: d[2],
  body: d[3],
  span: lastSpan(d[0], [d[1], d[3]]),
});
export const define = (d: D): VDecl => ({
  kind: 'define',
  name: d[1].text,
  nameSpan: tok(d[1]),
  params: d[2],
  body: d[3],
  span: lastSpan(d[0], [d[3]]),
});

export const block = (d: D): VBlock => ({ kind: 'block', stmts: d[1], span: from(d[0], d[2]) });
export const varDecl = (d: D): VStmt => ({
  kind: 'varDecl',
  name: d[1].text,
  nameSpan: tok(d[1]),
  type: d[3],
  init: d[5],
  span: d[5] ? from(d[0], d[5]) : from(d[0], d[1]),
});
export const assign = (d: D): VStmt => ({
  kind: 'assign',
  target: d[0].text,
  targetSpan: tok(d[0]),
  value: d[2],
  span: from(d[0], d[2]),
});
export const fieldAssign = (d: D): VStmt => ({
  kind: 'fieldAssign',
  target: { kind: 'field', object: d[0], field: d[2].text, span: from(d[0], d[2]) },
  value: d[4],
  span: from(d[0], d[4]),
});
/** `m(args) := e`: a field assignment when the macro m stands for a field access (macroAssign.ts). */
export const macroAssign = (d: D): VStmt => ({
  kind: 'fieldAssign',
  target: d[0],
  value: d[2],
  span: from(d[0], d[2]),
});
export const newAll = (d: D): VStmt => ({
  kind: 'new',
  target: d[0].text,
  targetSpan: tok(d[0]),
  span: from(d[0], d[5]),
});
export const newFields = (d: D): VStmt => ({
  kind: 'new',
  target: d[0].text,
  targetSpan: tok(d[0]),
  fields: d.length === 6 ? d[4].map((i: { name: string }) => i.name) : [],
  span: from(d[0], d[d.length - 1]),
});
export const callMany = (d: D): VStmt => {
  const app = d[4] as Extract<VExpr, { kind: 'app' }>;
  return {
    kind: 'call',
    targets: [d[0], ...d[2]],
    callee: app.name,
    calleeSpan: app.nameSpan,
    args: app.args,
    span: spanFrom(d[0].span, app.span),
  };
};
export const callStmt = (d: D): VStmt => {
  const app = d[0] as Extract<VExpr, { kind: 'app' }>;
  return { kind: 'call', targets: [], callee: app.name, calleeSpan: app.nameSpan, args: app.args, span: app.span };
};
export const simpleStmt = (d: D): VStmt => ({ kind: d[0][0].text, expr: d[1], span: from(d[0][0], d[1]) });
export const foldStmt = (d: D): VStmt => ({ kind: d[0][0].text, pred: d[1], span: from(d[0][0], d[1]) });
// A label's invariants (d[2]) count only where the label heads a loop made of gotos (Silver PR
// 859, Silicon issue 525; lowerGotoLoop.ts); elsewhere they are ignored, as Viper ignores them.
export const label = (d: D): VStmt => ({
  kind: 'label',
  name: d[1].text,
  nameSpan: tok(d[1]),
  span: from(d[0], d[1]),
  ...((d[2] as VExpr[]).length > 0 ? { invariants: d[2] as VExpr[] } : {}),
});
export const gotoStmt = (d: D): VStmt => ({ kind: 'goto', name: d[1].text, span: from(d[0], d[1]) });
export const whileStmt = (d: D): VStmt => ({
  kind: 'while',
  cond: d[2],
  invariants: d[4],
  body: d[5],
  span: from(d[0], d[5]),
});
export const ifStmt = (d: D): VIf => ({
  kind: 'if',
  cond: d[2],
  then: d[4],
  otherwise: d[5],
  span: from(d[0], d[5] ?? d[4]),
});
export const elseIf = (d: D): VIf => ({
  kind: 'if',
  cond: d[2],
  then: d[4],
  otherwise: d[5],
  span: from(d[0], d[5] ?? d[4]),
});

export const chain = (d: D): VExpr => resolveVChain(d[0], d[1]);
export const firstLink = (d: D): VChainLink[] => [{ operand: d[0], op: d[1] }];
export const nextLink = (d: D): VChainLink[] => [...d[0], { operand: d[1], op: d[2] }];
export const binOp = (d: D): VChainOp => ({ kind: 'binary', op: d[0][0].text as VBinaryOp });
export const condOp = (d: D): VChainOp => ({ kind: 'cond', then: d[1] });

export const unfolding = (d: D): VExpr => ({ kind: 'unfolding', pred: d[1], body: d[3], span: from(d[0], d[3]) });
/** `asserting (A) in e` (lowerAsserting.ts). */
export const asserting = (d: D): VExpr => ({ kind: 'asserting', assertion: d[2], body: d[5], span: from(d[0], d[5]) });
export const letExpr = (d: D): VExpr => ({
  kind: 'let',
  name: d[1].text,
  value: d[4],
  body: d[7],
  span: from(d[0], d[7]),
});
/** `forall x: T, … :: {triggers} body`: triggers are instantiation hints for Viper's SMT encoding, dropped here (triggers.ts). */
export const quant = (d: D): VExpr => ({
  kind: 'quant',
  quantifier: d[0][0].text,
  vars: d[1],
  body: d[4],
  ...(d[3].length > 0 ? { triggered: true } : {}),
  ...(hasLooseTrigger(d[3], d[4]) ? { looseTrigger: true } : {}),
  ...(d[3].length > 0 ? { triggers: d[3] } : {}),
  span: from(d[0][0], d[4]),
});
export const triggers = (d: D): VExpr[][] => [...d[0], d[2]];
/** `forperm x: Ref [x.f] :: body` (lowerForperm.ts). */
export const forperm = (d: D): VExpr => ({
  kind: 'quant',
  quantifier: 'forperm',
  vars: d[1],
  resource: d[3],
  body: d[6],
  span: from(d[0], d[6]),
});
export const unary = (d: D): VExpr => ({ kind: 'unary', op: d[0][0].text, operand: d[1], span: from(d[0][0], d[1]) });
export const member = (d: D): VExpr => ({ kind: 'field', object: d[0], field: d[2].text, span: from(d[0], d[2]) });
export const intLit = (d: D): VExpr => ({ kind: 'int', value: BigInt(d[0].text), span: tok(d[0]) });
export const boolLit = (t: VToken): VExpr => ({ kind: 'bool', value: t.text === 'true', span: tok(t) });
export const simple = (d: D): VExpr => ({ kind: d[0].text, span: tok(d[0]) }) as VExpr;
export const varRef = (d: D): VExpr => ({ kind: 'var', name: d[0].text, span: tok(d[0]) });
export const old = (d: D): VExpr => ({ kind: 'old', expr: d[2], span: from(d[0], d[3]) });
// Labels, old[l] and quasihavoc (lowerLabel.ts).
export const oldAt = (d: D): VExpr => ({
  kind: 'old',
  expr: d[5],
  label: d[2].text,
  labelSpan: tok(d[2]),
  span: from(d[0], d[6]),
});
export const unreachable = (d: D): VStmt => ({ kind: 'unreachable', span: tok(d[0]) });
export const quasihavoc = (d: D): VStmt => ({ kind: 'quasihavoc', expr: d[1], span: from(d[0], d[1]) });
export const quasihavocall = (d: D): VStmt => ({ kind: 'quasihavoc', vars: d[1], expr: d[3], span: from(d[0], d[3]) });
export const paren = (d: D): VExpr => d[1];
export const acc = (d: D): VExpr => ({ kind: 'acc', loc: d[2], span: from(d[0], d[3]) });
export function accAmount(d: D): VExpr {
  const amount = d[4] as VExpr;
  const span = from(d[0], d[5]);
  if (amount.kind === 'unsupported' && amount.feature === WRITE_FEATURE) return { kind: 'acc', loc: d[2], span };
  return { kind: 'acc', loc: d[2], amount, span };
}
export const app = (d: D): VExpr => ({
  kind: 'app',
  name: d[0].text,
  nameSpan: tok(d[0]),
  args: d.length === 4 ? d[2] : [],
  span: from(d[0], d[d.length - 1]),
});

const WRITE_FEATURE = 'permission values (write)';
export const writeAtom = (d: D): VExpr => ({ kind: 'unsupported', feature: WRITE_FEATURE, span: tok(d[0]) });
/** A bare name as a statement: a use of a statement macro without parentheses. */
export const macroStmt = (d: D): VStmt => ({
  kind: 'call',
  targets: [],
  callee: d[0].text,
  calleeSpan: tok(d[0]),
  args: [],
  span: tok(d[0]),
  bare: true,
});
export const inhaleExhale = (d: D): VExpr => ({
  kind: 'inhaleExhale',
  inhale: d[1],
  exhale: d[3],
  span: from(d[0], d[4]),
});

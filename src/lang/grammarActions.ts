// The postprocessors of grammar.ne: they build AST nodes (with spans) from nearley's match
// data. Earley parsing runs them for every completed rule, including on dead-end paths, so
// each is O(1): lists are built as cons cells and turned into arrays only when closed, and
// operator and else-if chains are left pending until the parse is over (deferred.ts).

import type * as A from './ast';
import type { Span } from './span';
import { spanFrom } from './span';
import { arrayOf, refType, scalarTypeByName, type Type } from './types';
import { decodeChar, tokenSpan, type Token } from './lexer';
import type { ChainLink } from './operatorChain';
import { toArray, type Branch, type Cons, type PendingChain, type PendingIf, type StartedCons } from './deferred';

// nearley hands every postprocessor an untyped array of matched children.
type D = any[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- nearley's data is untyped

export interface TypeNode {
  readonly type: Type;
  readonly span: Span;
}

type Spec = { readonly clause: 'requires' | 'ensures'; readonly expr: A.Expr };
type Sig = {
  readonly start: Token;
  readonly name: Token;
  readonly params: A.Param[];
  readonly returns: A.Param[];
};

const spanOf = (t: Token | { span: Span }): Span => ('span' in t ? t.span : tokenSpan(t));
/** From the start of `a` to the end of `b`; either may be a token or a node. */
const from = (a: Token | { span: Span }, b: Token | { span: Span }): Span => spanFrom(spanOf(a), spanOf(b));

// ---------------------------------------------------------------- lists

export const first = (d: D): Cons<unknown> => ({ head: d[0], tail: null });
export const appendLast = (d: D): Cons<unknown> => ({ head: d[d.length - 1], tail: d[0] });
export const emptyArray = (): never[] => [];
export const middleArray = (d: D): unknown[] => toArray(d[1]);
export const listArray = (d: D): unknown[] => toArray(d[0]);

// ---------------------------------------------------------------- types

export const scalarType = (d: D): TypeNode => {
  const t: Token = d[0];
  return { type: scalarTypeByName(t.text) as Type, span: tokenSpan(t) };
};
export const arrayType = (d: D): TypeNode => ({ type: arrayOf(d[0].type), span: from(d[0], d[2]) });
/** Any other identifier in a type position names a class; the checker verifies that it exists. */
export const classType = (d: D): TypeNode => ({ type: refType(d[0].text), span: tokenSpan(d[0]) });

// ---------------------------------------------------------------- expressions

export const intLit = (d: D): A.IntLit => ({ kind: 'intLit', value: BigInt(d[0].text), span: tokenSpan(d[0]) });
export const negLit = (d: D): A.IntLit => ({ kind: 'intLit', value: -BigInt(d[1].text), span: from(d[0], d[1]) });
export const charLit = (d: D): A.CharLit => {
  const t: Token = d[0];
  return { kind: 'charLit', value: decodeChar(t.text.slice(1, -1)) as number, span: tokenSpan(t) };
};
export const boolLit = (d: D): A.BoolLit => ({ kind: 'boolLit', value: d[0].text === 'true', span: tokenSpan(d[0]) });
export const varRef = (d: D): A.VarRef => ({ kind: 'var', name: d[0].text, span: tokenSpan(d[0]) });
export const unary = (d: D): A.Unary => ({ kind: 'unary', op: d[0].text, operand: d[1], span: from(d[0], d[1]) });
export const cast = (d: D): A.Cast => ({ kind: 'cast', expr: d[0], type: d[2].type, span: from(d[0], d[2]) });
export const index = (d: D): A.Index => ({ kind: 'index', array: d[0], index: d[2], span: from(d[0], d[3]) });
/** `e.length` stays the array length (the checker reads it as a field on objects); `e.f` is a field read. */
export const member = (d: D): A.Length | A.FieldRead => {
  const span = from(d[0], d[2]);
  if (d[2].text === 'length') return { kind: 'length', array: d[0], span };
  return { kind: 'field', object: d[0], field: d[2].text, fieldSpan: tokenSpan(d[2]), span };
};
/** A field as an assignment target is always a field (no array length is assignable). */
export const fieldTarget = (d: D): A.FieldRead => ({
  kind: 'field',
  object: d[0],
  field: d[2].text,
  fieldSpan: tokenSpan(d[2]),
  span: from(d[0], d[2]),
});
export const nullLit = (d: D): A.NullLit => ({ kind: 'null', span: tokenSpan(d[0]) });
export const newObject = (d: D): A.New => ({
  kind: 'new',
  className: d[1].text,
  classSpan: tokenSpan(d[1]),
  span: from(d[0], d[1]),
});
export const acc = (d: D): A.Acc => ({ kind: 'acc', target: d[2], span: from(d[0], d[3]) });
export const accAmount = (d: D): A.Acc => ({ kind: 'acc', target: d[2], amount: d[4], span: from(d[0], d[5]) });
export const untouched = (d: D): A.Untouched => ({ kind: 'untouched', body: d[2], span: from(d[0], d[3]) });
export const unfolding = (d: D): A.Unfolding => ({ kind: 'unfolding', pred: d[1], body: d[3], span: from(d[0], d[3]) });
export const old = (d: D): A.Old => ({ kind: 'old', expr: d[2], span: from(d[0], d[3]) });
export const oldAt = (d: D): A.Old => ({
  kind: 'old',
  expr: d[5],
  label: d[2].text,
  labelSpan: tokenSpan(d[2]),
  span: from(d[0], d[6]),
});
export const label = (d: D): A.Label => ({
  kind: 'label',
  name: d[1].text,
  nameSpan: tokenSpan(d[1]),
  span: from(d[0], d[2]),
});
export const emptyArrayLit = (d: D): A.ArrayLit => ({ kind: 'arrayLit', elems: [], span: from(d[0], d[1]) });
export const arrayLit = (d: D): A.ArrayLit => ({ kind: 'arrayLit', elems: toArray(d[1]), span: from(d[0], d[2]) });

/** `(e)` is `e` itself, with the span widened to the parentheses so enclosing spans cover them. */
export const paren = (d: D): A.Expr => ({ ...d[1], span: from(d[0], d[2]) });

export const call = (d: D): A.Call => {
  const args: A.Expr[] = d.length === 4 ? toArray(d[2]) : [];
  return {
    kind: 'call',
    callee: d[0].text,
    calleeSpan: tokenSpan(d[0]),
    args,
    span: from(d[0], d[d.length - 1]),
  };
};

export const binder = (d: D): A.Binder => ({ name: d[0].text, type: d[2].type, span: from(d[0], d[2]) });

export const quant = (d: D): A.Quant => ({
  kind: 'quant',
  quantifier: d[0].text,
  vars: toArray(d[1]),
  body: d[3],
  span: from(d[0], d[3]),
});

// ---------------------------------------------------------------- operator chains

export const binOp = (d: D): ChainLink['op'] => ({ kind: 'binary', op: d[0].text });
export const condOp = (d: D): ChainLink['op'] => ({ kind: 'cond', then: d[1] });
export const firstLink = (d: D): StartedCons<ChainLink> => ({
  head: { operand: d[0], op: d[1] },
  tail: null,
  start: d[0].span,
});
export const nextLink = (d: D): StartedCons<ChainLink> => ({
  head: { operand: d[1], op: d[2] },
  tail: d[0],
  start: d[0].start,
});
export const chain = (d: D): PendingChain => {
  const links: StartedCons<ChainLink> = d[0];
  return { kind: 'pendingChain', links, last: d[1], span: spanFrom(links.start, d[1].span) };
};

// ---------------------------------------------------------------- statements

export const havoc = (d: D): A.Havoc => ({ kind: 'havoc', span: tokenSpan(d[0]) });

/** `var x: T;`, `var x: T := e;` and `var x := e;` */
export const varDecl = (d: D): A.VarDecl => {
  const typed = d[2].text === ':';
  const init = typed ? (d.length === 7 ? d[5] : undefined) : d[3];
  const base = { kind: 'varDecl' as const, name: d[1].text, nameSpan: tokenSpan(d[1]) };
  const span = from(d[0], d[d.length - 1]);
  if (!typed) return { ...base, init, span };
  return init === undefined ? { ...base, type: d[3].type, span } : { ...base, type: d[3].type, init, span };
};

export const assign = (d: D): A.Assign => ({ kind: 'assign', target: d[0], value: d[2], span: from(d[0], d[3]) });
export const callAssign = (d: D): A.CallAssign => ({
  kind: 'callAssign',
  targets: [d[0], ...toArray(d[2])] as A.LValue[],
  call: d[4],
  span: from(d[0], d[5]),
});

/** `if (c) { … }` starting an if chain; `else if (c) { … }` extending one. */
export const firstBranch = (d: D): StartedCons<Branch> => ({
  head: { start: tokenSpan(d[0]), cond: d[2], then: d[4] },
  tail: null,
  start: tokenSpan(d[0]),
});
export const nextBranch = (d: D): StartedCons<Branch> => ({
  head: { start: tokenSpan(d[2]), cond: d[4], then: d[6] },
  tail: d[0],
  start: d[0].start,
});
/** The whole chain, with its final `else { … }` if there is one. */
export const ifChain = (d: D): PendingIf => {
  const branches: StartedCons<Branch> = d[0];
  const last: A.Block | undefined = d.length === 3 ? d[2] : undefined;
  const end = last?.span ?? branches.head.then.span;
  const base = { kind: 'pendingIf' as const, branches: branches as Cons<Branch>, span: spanFrom(branches.start, end) };
  return last === undefined ? base : { ...base, otherwise: last };
};

export const whileStmt = (d: D): A.While => {
  const invariants: A.Expr[] = d.length === 6 ? toArray(d[4]) : [];
  const body: A.Block = d[d.length - 1];
  return { kind: 'while', cond: d[2], invariants, body, span: from(d[0], body) };
};

export const assume = (d: D): A.Assume => ({ kind: 'assume', cond: d[1], span: from(d[0], d[2]) });
export const assert = (d: D): A.Assert => ({ kind: 'assert', cond: d[1], span: from(d[0], d[2]) });
export const refute = (d: D): A.Refute => ({ kind: 'refute', cond: d[1], span: from(d[0], d[2]) });
export const join = (d: D): A.Join =>
  d.length === 3 ? { kind: 'join', cond: d[1], span: from(d[0], d[2]) } : { kind: 'join', span: from(d[0], d[1]) };
export const ret = (d: D): A.Return =>
  d.length === 3 ? { kind: 'return', value: d[1], span: from(d[0], d[2]) } : { kind: 'return', span: from(d[0], d[1]) };
export const fold = (d: D): A.Fold => ({ kind: d[0].text, pred: d[1], span: from(d[0], d[2]) });
/** `fold acc(q(args), p);` (d: keyword, acc, (, call, ',', amount, ), ;). */
export const foldPart = (d: D): A.Fold => ({ kind: d[0].text, pred: d[3], amount: d[5], span: from(d[0], d[7]) });
/** `unfolding acc(q(args), p) in e`. */
export const unfoldingPart = (d: D): A.Unfolding => ({
  kind: 'unfolding',
  pred: d[3],
  amount: d[5],
  body: d[8],
  span: from(d[0], d[8]),
});
export const callStmt = (d: D): A.CallStmt => ({ kind: 'callStmt', call: d[0], span: from(d[0], d[1]) });
export const block = (d: D): A.Block => ({
  kind: 'block',
  stmts: d.length === 3 ? toArray(d[1]) : [],
  span: from(d[0], d[d.length - 1]),
});

// ---------------------------------------------------------------- procedures

export const param = (d: D): A.Param => ({ name: d[0].text, type: d[2].type, span: from(d[0], d[2]) });
export const spec = (d: D): Spec => ({ clause: d[0].text, expr: d[1] });

export const signature = (d: D): Sig => ({
  start: d[0],
  name: d[1],
  params: d[2],
  returns: d.length === 5 ? d[4] : [],
});

export const proc = (d: D): A.Proc => {
  const sig: Sig = d[0];
  const specs: Spec[] = d.length === 3 ? toArray(d[1]) : [];
  const body: A.Block = d[d.length - 1];
  return {
    kind: 'proc',
    name: sig.name.text,
    nameSpan: tokenSpan(sig.name),
    params: sig.params,
    returns: sig.returns,
    requires: specs.filter((s) => s.clause === 'requires').map((s) => s.expr),
    ensures: specs.filter((s) => s.clause === 'ensures').map((s) => s.expr),
    body,
    span: from(sig.start, body),
  };
};

// ---------------------------------------------------------------- classes, predicates, functions

export const fieldDecl = (d: D): A.FieldDecl => ({
  name: d[1].text,
  nameSpan: tokenSpan(d[1]),
  type: d[3].type,
  span: from(d[0], d[4]),
});

export const classDecl = (d: D): A.ClassDecl => ({
  kind: 'class',
  name: d[1].text,
  nameSpan: tokenSpan(d[1]),
  fields: d.length === 5 ? toArray(d[3]) : [],
  span: from(d[0], d[d.length - 1]),
});

export const predicateDecl = (d: D): A.PredicateDecl => ({
  kind: 'predicate',
  name: d[1].text,
  nameSpan: tokenSpan(d[1]),
  params: d[2],
  body: d[4],
  span: from(d[0], d[5]),
});

/** `function f(params): T { e }` (8 parts) or with `requires` clauses before the body (9 parts). */
export const functionDecl = (d: D): A.FunctionDecl => {
  const withSpecs = d.length === 9;
  return {
    kind: 'function',
    name: d[1].text,
    nameSpan: tokenSpan(d[1]),
    params: d[2],
    result: d[4].type,
    requires: withSpecs ? toArray(d[5]) : [],
    body: d[withSpecs ? 7 : 6],
    span: from(d[0], d[d.length - 1]),
  };
};

// ---------------------------------------------------------------- synthesised functions

/** `synth f(params): T grammar { rules } depth d;` (12 parts). A bad depth literal is kept as NaN for the checker. */
export const synthDecl = (d: D): A.SynthDecl => {
  const depthText: string = d[10].text;
  return {
    kind: 'synth',
    name: d[1].text,
    nameSpan: tokenSpan(d[1]),
    params: d[2],
    result: d[4].type,
    rules: toArray(d[7]),
    depth: /^[0-9]+$/.test(depthText) ? Number(depthText) : Number.NaN,
    depthSpan: tokenSpan(d[10]),
    span: from(d[0], d[11]),
  };
};

/** `N: T ::= e;` with e split into alternatives at its top-level `|` links (docs/design.md C.11). */
export const synthRule = (d: D): A.SynthRule => ({
  name: d[0].text,
  nameSpan: tokenSpan(d[0]),
  type: d[2].type,
  alts: splitAlternatives(d[4]),
  span: from(d[0], d[5]),
});

/** Runs once per rule (when its `;` is read), so the O(length) split is fine here. */
function splitAlternatives(rhs: A.Expr | PendingChain): A.Expr[] {
  if ((rhs as { kind: string }).kind !== 'pendingChain') return [rhs as A.Expr];
  const chainNode = rhs as PendingChain;
  // `(a | b)` alone: the parentheses widened the chain's span, and its `|` is bitwise.
  const first = chainNode.links.start;
  if (chainNode.span.line !== first.line || chainNode.span.col !== first.col) return [rhs as unknown as A.Expr];
  const out: A.Expr[] = [];
  let segment: ChainLink[] = [];
  const close = (last: A.Expr): void => {
    out.push(segment.length === 0 ? last : pendingOf(segment, last));
    segment = [];
  };
  for (const link of toArray(chainNode.links)) {
    if (link.op.kind === 'binary' && link.op.op === '|') close(link.operand);
    else segment.push(link);
  }
  close(chainNode.last);
  return out;
}

function pendingOf(links: readonly ChainLink[], last: A.Expr): A.Expr {
  const start = links[0].operand.span;
  const started = links.reduce<StartedCons<ChainLink> | null>(
    (tail, head) => ({ head, tail, start }),
    null,
  ) as StartedCons<ChainLink>;
  return { kind: 'pendingChain', links: started, last, span: spanFrom(started.start, last.span) } as unknown as A.Expr;
}

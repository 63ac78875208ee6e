// SMT-LIB2 text for terms, for the native z3 backend (and for debugging the solver layer).
// Symbols are named by their unique internal name, always |quoted|. Sub-terms used more
// than once (and free of bound variables) are shared through `let` so DAGs stay linear;
// text is emitted top-down with an explicit stack, so deep terms are fine.
// Encodings of our operators that SMT-LIB lacks (z3 extensions bv2nat/int2bv are used):
//  int x / y  ->  0 when y = 0, else division truncated toward zero (C), from Euclidean div
//  int x % y  ->  x when y = 0, else the remainder with the dividend's sign
//  signed bv -> int  ->  bv2nat(x + 2^(w-1)) - 2^(w-1)   (one use of x, no ite)

import { quantParts, type Sort, type Term } from './term';
import { freeSymbols } from './symbols';
import { emitText, foldTerm, useCounts, type Piece } from './traverse';
import { functionSmtName, uninterpretedDecls } from './uninterpreted';
import { collSmt, type CollOp } from './collections';
import { realSmt } from './reals';

export function smtSort(s: Sort): string {
  switch (s.kind) {
    case 'bool':
      return 'Bool';
    case 'int':
    case 'ref':
      return 'Int';
    case 'bv':
      return `(_ BitVec ${s.width})`;
    case 'array':
      return `(Array Int ${smtSort(s.elem)})`;
    case 'uninterpreted':
      return smtName(s.name);
    case 'set':
      return `(Array ${smtSort(s.elem)} Bool)`;
    case 'seq':
      return `(Seq ${smtSort(s.elem)})`;
    case 'real':
      return 'Real';
  }
}

export function smtName(name: string): string {
  return `|${name}|`;
}

function intLiteral(n: bigint): string {
  return n < 0n ? `(- ${-n})` : `${n}`;
}

function constText(t: Term): string {
  if (typeof t.value === 'boolean') return String(t.value);
  const n = t.value as bigint;
  if (t.sort.kind !== 'bv') return intLiteral(n);
  return `(_ bv${BigInt.asUintN(t.sort.width, n)} ${t.sort.width})`;
}

const BV_OPS: Readonly<Record<string, string | [string, string]>> = {
  add: 'bvadd',
  sub: 'bvsub',
  mul: 'bvmul',
  neg: 'bvneg',
  div: ['bvsdiv', 'bvudiv'],
  mod: ['bvsrem', 'bvurem'],
  lt: ['bvslt', 'bvult'],
  le: ['bvsle', 'bvule'],
  bvand: 'bvand',
  bvor: 'bvor',
  bvxor: 'bvxor',
  bvnot: 'bvnot',
  shl: 'bvshl',
  shr: ['bvashr', 'bvlshr'],
};
const INT_OPS: Readonly<Record<string, string>> = { add: '+', sub: '-', mul: '*', neg: '-', lt: '<', le: '<=' };

type P = Piece<boolean>;
type Part = P | readonly P[];

/** `(head part part …)` as pieces. */
function sexp(head: string, ...parts: Part[]): P[] {
  const out: P[] = [`(${head}`];
  for (const p of parts) {
    out.push(' ');
    if (Array.isArray(p)) out.push(...(p as readonly P[]));
    else out.push(p as P);
  }
  out.push(')');
  return out;
}

function intDivision(op: 'div' | 'mod', a: P, b: P): P[] {
  const body =
    op === 'div'
      ? '(ite (= $b 0) 0 (ite (>= $a 0) (div $a $b) (- (div (- $a) $b))))'
      : '(ite (= $b 0) $a (ite (>= $a 0) (mod $a $b) (- (mod (- $a) $b))))';
  return ['(let (($a ', a, ') ($b ', b, `)) ${body})`];
}

function castPieces(from: Sort, to: Sort, a: P): P[] {
  if (from.kind === 'int' && to.kind === 'bv') return sexp(`(_ int2bv ${to.width})`, a);
  if (from.kind !== 'bv') throw new Error('cast: unsupported sorts');
  if (to.kind === 'int') {
    if (!from.signed) return sexp('bv2nat', a);
    const half = 1n << BigInt(from.width - 1);
    return sexp('-', sexp('bv2nat', sexp('bvadd', a, `(_ bv${half} ${from.width})`)), `${half}`);
  }
  if (to.kind !== 'bv') throw new Error('cast: unsupported sorts');
  if (to.width === from.width) return [a];
  if (to.width < from.width) return sexp(`(_ extract ${to.width - 1} 0)`, a);
  return sexp(`(_ ${from.signed ? 'sign' : 'zero'}_extend ${to.width - from.width})`, a);
}

function numericPieces(t: Term, a: readonly P[]): P[] {
  const sort = t.args[0].sort;
  if (sort.kind === 'bv') {
    const f = BV_OPS[t.op];
    return sexp(typeof f === 'string' ? f : f[sort.signed ? 0 : 1], ...a);
  }
  if (t.op === 'div' || t.op === 'mod') return intDivision(t.op, a[0], a[1]);
  return sexp(INT_OPS[t.op], ...a);
}

function nodePieces(t: Term, a: readonly P[]): P[] {
  switch (t.op) {
    case 'const':
      return [constText(t)];
    case 'sym':
      return [smtName(t.symbol?.name ?? '?')];
    case 'bound':
      return [smtName(t.name ?? '?')];
    case 'not':
      return sexp('not', a[0]);
    case 'and':
    case 'or':
      if (a.length <= 1) return [a[0] ?? String(t.op === 'and')];
      return sexp(t.op, ...a);
    case 'implies':
      return sexp('=>', a[0], a[1]);
    case 'ite':
      return sexp('ite', a[0], a[1], a[2]);
    case 'eq':
      return sexp('=', a[0], a[1]);
    case 'cast':
      return castPieces(t.args[0].sort, t.sort, a[0]);
    case 'select':
      return sexp('select', a[0], a[1]);
    case 'store':
      return sexp('store', a[0], a[1], a[2]);
    case 'constArray':
      return sexp(`(as const ${smtSort(t.sort)})`, a[0]);
    case 'forall':
    case 'exists': {
      const { bounds } = quantParts(t);
      const binders = bounds.map((b) => `(${smtName(b.name ?? '?')} ${smtSort(b.sort)})`);
      const body = a[a.length - 1];
      const patterns = a.slice(bounds.length, -1);
      return sexp(t.op, `(${binders.join(' ')})`, patterns.length === 0 ? body : sexp('!', body, ...patterns));
    }
    case 'pattern':
      return [':pattern (', ...a.flatMap((x, i) => (i > 0 ? [' ', x] : [x])), ')'];
    case 'app':
      return a.length === 0 ? [smtName(functionSmtName(t.name!))] : sexp(smtName(functionSmtName(t.name!)), ...a);
    case 'coll':
      return collPieces(t, a);
    case 'real':
      return realPieces(t, a);
    default:
      return numericPieces(t, a);
  }
}

/** A set or sequence operation: collSmt's text with each argument's pieces in its place. */
function collPieces(t: Term, a: readonly P[]): P[] {
  const marks = a.map((_, i) => `\u0001arg${i}\u0001`);
  const text = collSmt(t.name as CollOp, smtSort(t.sort), marks);
  // eslint-disable-next-line no-control-regex -- the marks are control characters no SMT-LIB text has
  return text.split(/\u0001arg(\d+)\u0001/).map((part, i) => (i % 2 === 1 ? a[Number(part)] : part));
}

/** A real operation (permission amounts): realSmt's text with each argument's pieces in its place. */
function realPieces(t: Term, a: readonly P[]): P[] {
  const marks = a.map((_, i) => `\u0001arg${i}\u0001`);
  // eslint-disable-next-line no-control-regex -- the marks are control characters no SMT-LIB text has
  const mark = /\u0001arg(\d+)\u0001/;
  return realSmt(t, marks)
    .split(mark)
    .map((part, i) => (i % 2 === 1 ? a[Number(part)] : part));
}

/** Terms worth a `let`: compound, used more than once, and outside any binder's scope. */
function sharedTerms(root: Term): Term[] {
  const uses = useCounts(root);
  const shared: Term[] = [];
  foldTerm<boolean>(root, (t, args) => {
    const bound = t.op === 'bound' || args.some((b) => b);
    if (!bound && t.args.length > 0 && (uses.get(t.id) ?? 0) > 1) shared.push(t);
    return bound;
  });
  return shared; // children before parents: the order the lets must nest in
}

export interface SmtOptions {
  /** Share repeated sub-terms with `let` (default true). */
  readonly share?: boolean;
}

const letName = (t: Term): string => `$t${t.id}`;

/** The term as one SMT-LIB2 expression. */
export function toSmtLib(t: Term, opts: SmtOptions = {}): string {
  const shared = opts.share === false ? [] : sharedTerms(t);
  const sharedIds = new Set(shared.map((u) => u.id));
  // ctx = "this is the term being defined": only then is a shared term spelled out.
  const expand = (u: Term, top: boolean): readonly P[] => {
    if (!top && sharedIds.has(u.id)) return [letName(u)];
    return nodePieces(
      u,
      u.args.map((c) => ({ term: c, ctx: false })),
    );
  };
  const lets = shared.map((u) => `(let ((${letName(u)} ${emitText(u, true, expand)})) `);
  return lets.join('') + emitText(t, true, expand) + ')'.repeat(lets.length);
}

export function declaration(symbol: Term): string {
  return `(declare-fun ${smtName(symbol.symbol?.name ?? '?')} () ${smtSort(symbol.sort)})`;
}

/** `declare-sort` of an uninterpreted sort. */
export function sortDeclaration(name: string): string {
  return `(declare-sort ${smtName(name)} 0)`;
}

/** `declare-fun` of the uninterpreted function that `app` applies. */
export function functionDeclaration(app: Term): string {
  const domain = app.args.map((a) => smtSort(a.sort)).join(' ');
  return `(declare-fun ${smtName(functionSmtName(app.name!))} (${domain}) ${smtSort(app.sort)})`;
}

/** The declarations the terms need, each once: uninterpreted sorts, then their functions, then
 *  every symbol in creation order. */
export function declarations(terms: readonly Term[]): string[] {
  const byId = new Map<number, Term>();
  for (const t of terms) for (const s of freeSymbols(t)) byId.set(s.id, s);
  const u = uninterpretedDecls(terms);
  return [
    ...[...u.sorts.keys()].map(sortDeclaration),
    ...[...u.functions.values()].map(functionDeclaration),
    ...[...byId.values()].sort((a, b) => a.id - b.id).map(declaration),
  ];
}

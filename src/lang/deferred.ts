// Parse-tree nodes whose construction is deferred until the parse is over. nearley runs a
// rule's postprocessor every time the rule completes, and an operator chain (`a + b + …`)
// or an `else if` chain completes once per operand or branch, on live and dead paths alike.
// Building the tree each time would cost O(length) per completion, O(length²) in all; the
// postprocessors therefore record the parts in O(1) and finishTree builds each chain once.

import type { Block, Expr, If } from './ast';
import type { Span } from './span';
import { spanFrom } from './span';
import { resolveChain, type ChainLink } from './operatorChain';

/** A persistent list, newest element first; `start` is where its oldest element begins. */
export interface Cons<T> {
  readonly head: T;
  readonly tail: Cons<T> | null;
}
export interface StartedCons<T> extends Cons<T> {
  readonly start: Span;
}

export function toArray<T>(list: Cons<T> | null): T[] {
  const out: T[] = [];
  for (let c = list; c !== null; c = c.tail) out.push(c.head);
  return out.reverse();
}

/** `operand op operand op … last`, still to be grouped by precedence. */
export interface PendingChain {
  readonly kind: 'pendingChain';
  readonly links: StartedCons<ChainLink>;
  readonly last: Expr;
  readonly span: Span;
}

/** One `if (cond) { … }` of an `if … else if …` chain; `start` is the span of its `if`. */
export interface Branch {
  readonly start: Span;
  readonly cond: Expr;
  readonly then: Block;
}

/** `if … else if … [else { … }]`, still to be nested into If nodes. */
export interface PendingIf {
  readonly kind: 'pendingIf';
  readonly branches: Cons<Branch>;
  readonly otherwise?: Block;
  readonly span: Span;
}

// The same pending nodes with their lists opened into arrays, ready for the walk below.
interface OpenChain {
  readonly kind: 'openChain';
  readonly links: ChainLink[];
  readonly last: Expr;
  readonly span: Span;
}
interface OpenIf {
  readonly kind: 'openIf';
  readonly branches: Branch[];
  readonly otherwise?: Block;
  readonly span: Span;
}

type Obj = Record<string | number, unknown>;

function isObject(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null;
}

/** Pending nodes become open nodes (lists as arrays); everything else is left as it is. */
function open(x: Obj): Obj {
  if (x.kind === 'pendingChain') {
    const p = x as unknown as PendingChain;
    return { kind: 'openChain', links: toArray(p.links), last: p.last, span: p.span };
  }
  if (x.kind === 'pendingIf') {
    const p = x as unknown as PendingIf;
    return { kind: 'openIf', branches: toArray(p.branches), otherwise: p.otherwise, span: p.span };
  }
  return x;
}

/** Open nodes, their parts finished, become the AST nodes they stand for. */
function close(x: Obj): unknown {
  if (x.kind === 'openChain') {
    const c = x as unknown as OpenChain;
    // The chain's span may be wider than its operands' (parentheses around it).
    return { ...resolveChain(c.links, c.last), span: c.span };
  }
  if (x.kind === 'openIf') return nestBranches(x as unknown as OpenIf);
  return x;
}

function nestBranches(c: OpenIf): If {
  const end = c.span;
  let otherwise: Block | If | undefined = c.otherwise;
  for (let i = c.branches.length - 1; i >= 0; i--) {
    const b = c.branches[i];
    const base = { kind: 'if' as const, cond: b.cond, then: b.then, span: spanFrom(b.start, end) };
    otherwise = otherwise === undefined ? base : { ...base, otherwise };
  }
  return otherwise as If;
}

function objectKeys(x: Obj): (string | number)[] {
  const keys: (string | number)[] = [];
  if (Array.isArray(x)) {
    x.forEach((v, i) => {
      if (isObject(v)) keys.push(i);
    });
  } else {
    for (const k of Object.keys(x)) if (isObject(x[k])) keys.push(k);
  }
  return keys;
}

interface Frame {
  readonly node: Obj;
  readonly keys: (string | number)[];
  next: number;
  copy?: Obj;
}

/**
 * The tree with every pending node built, children first. Iterative (trees may be deep) and
 * copy-on-write: objects without pending nodes below them are returned as they are. The walk
 * is structural, so node kinds it does not know need no code here.
 */
export function finishTree<T>(root: T): T {
  if (!isObject(root)) return root;
  const stack: Frame[] = [];
  const push = (x: Obj): void => {
    const node = open(x);
    stack.push({ node, keys: objectKeys(node), next: 0 });
  };
  push(root);
  let result: unknown = root;
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (f.next < f.keys.length) {
      push(f.node[f.keys[f.next++]] as Obj);
      continue;
    }
    stack.pop();
    const done = close(f.copy ?? f.node);
    const parent = stack[stack.length - 1];
    if (parent === undefined) {
      result = done;
      break;
    }
    const key = parent.keys[parent.next - 1];
    if (done !== parent.node[key]) {
      parent.copy ??= (Array.isArray(parent.node) ? [...parent.node] : { ...parent.node }) as Obj;
      parent.copy[key] = done;
    }
  }
  return result as T;
}

// The parts of the heap language the symbolic engine does not handle yet (the language and
// the concrete interpreter do). Every symbolic entry point asks this guard first, so such a
// program gets one clear file:line:col error instead of a crash deep in the engine. The rest
// (loops with permissions, untouched, field and element targets) is supported (step/*.ts).

import { qaccNodes } from './qacc';
import type { Assert, Asserting, Expr, Join, While, FunctionDecl, PredicateDecl, TopDecl } from '../../../lang/ast';
import type { CheckedProgram } from '../../../lang/checked';
import { error, type Diagnostic } from '../../../lang/diagnostics';
import type { Span } from '../../../lang/span';
import { conjuncts, leafConjuncts } from './assertions';
import { recursion } from './recursion';
import { bodyShape } from './snapshots';
import { unsupportedFraction } from './fractionGuard';
import { unsupportedQuantified } from './quantifiedGuard';
import { unsupportedSymbolicPart } from './symInstanceGuard';

const WHY = 'the symbolic engine does not support';

interface Node {
  readonly kind: string;
  readonly span?: Span;
  readonly nameSpan?: Span;
}

/** Nodes under `root`, depth first (a work list: bodies may nest deeply). */
function* nodes(root: unknown): Generator<Node> {
  const work: unknown[] = [root];
  while (work.length > 0) {
    const x = work.pop();
    if (Array.isArray(x)) {
      for (let i = x.length - 1; i >= 0; i--) work.push(x[i]);
      continue;
    }
    if (typeof x !== 'object' || x === null || !('kind' in x)) continue;
    yield x as Node;
    // An assert's top-level conjuncts may be permissions (consumed on a copy, rules/assertHeap.ts).
    if ((x as Node).kind === 'assert') {
      work.push(assertionNodes([(x as Assert).cond]));
      continue;
    }
    // So may a join formula's (consumed on arrival, produced after the merge, rules/joinHeap.ts).
    if ((x as Node).kind === 'join') {
      const j = x as Join;
      if (j.cond) work.push(assertionNodes([j.cond]));
      continue;
    }
    // So may the assertion of `asserting (A) in e` (checked, rules/evalAsserting.ts).
    if ((x as Node).kind === 'asserting') {
      const a = x as Asserting;
      work.push([assertionNodes([a.assertion]), a.body]);
      continue;
    }
    // So may a loop invariant's (produced and consumed, rules/invariants.ts).
    if ((x as Node).kind === 'while') {
      const w = x as While;
      work.push([w.cond, assertionNodes(w.invariants), w.body]);
      continue;
    }
    for (const [k, v] of Object.entries(x)) if (k !== 'span' && typeof v === 'object') work.push(v);
  }
}

/** What the engine refuses in `n`, if anything. */
function unsupported(n: Node): string | undefined {
  switch (n.kind) {
    case 'acc':
      return 'permissions outside the conjuncts and conditionals of requires, ensures, invariants, assert, join and predicate bodies yet';
    default:
      return undefined;
  }
}

/** The parts of assertions, with their top-level `acc` conjuncts unwrapped (those are supported). */
function assertionNodes(es: readonly Expr[], conditional = true): unknown[] {
  return es
    .flatMap((e) => (conditional ? leafConjuncts(e) : conjuncts(e)))
    .map((c) =>
      c.kind === 'acc'
        ? c.acc.target
        : c.kind === 'pred'
          ? c.call
          : c.kind === 'cond'
            ? c.expr
            : c.kind === 'qacc'
              ? qaccNodes(c.quant)
              : c.expr.kind === 'untouched'
                ? assertionNodes([c.expr.body])
                : c.expr,
    );
}

function declNodes(d: TopDecl, checked?: CheckedProgram): unknown[] {
  // A recursive predicate's body may hold permissions under `==>` and `?:` (rules/heap/snapshots.ts).
  if (d.kind === 'predicate' && checked && recursion(checked).predicates.has(d.name))
    return recursiveBodyNodes(d, checked);
  switch (d.kind) {
    case 'proc':
      return [assertionNodes([...d.requires, ...d.ensures]), d.body];
    case 'predicate':
      return [assertionNodes([d.body])];
    // A function's requires may hold permissions under conditionals (read under their tests, rules/eval.ts).
    case 'function':
      return [assertionNodes(d.requires), d.body];
    default:
      return [d];
  }
}

function recursiveBodyNodes(d: PredicateDecl, checked: CheckedProgram): unknown[] {
  const items = bodyShape(d, (n) => checked.predicates.has(n)).alternatives.flat();
  return items.map((i) => (i.kind === 'acc' ? i.acc.target : i.kind === 'pred' ? i.call.args : i.expr));
}

/** The first recursive function the engine cannot apply yet: one whose result is an array of arrays (a one-level array is a length and contents). */
function recursiveUnsupported(checked: CheckedProgram): FunctionDecl | undefined {
  const rec = recursion(checked).functions;
  return [...checked.functions.values()].find(
    (f) => rec.has(f.name) && f.result.kind === 'array' && f.result.elem.kind === 'array',
  );
}

/**
 * The error for the first construct the engine does not support; undefined when it supports the
 * whole program. The same in both modes (the debugger can switch modes).
 */
export function symbolicHeapError(checked: CheckedProgram): Diagnostic | undefined {
  const rec = recursiveUnsupported(checked);
  if (rec)
    return error(
      checked.file,
      rec.nameSpan,
      `${WHY} recursive functions whose results are arrays of arrays yet (function ${rec.name})`,
    );
  const fraction = unsupportedFraction(checked);
  if (fraction)
    return error(
      checked.file,
      fraction.acc.span,
      `${WHY} an amount other than a constant part in the body of a recursive predicate yet (predicate ${fraction.predicate})`,
    );
  const part = unsupportedSymbolicPart(checked);
  if (part) return error(checked.file, part.span, `${WHY} ${part.what} yet`);
  const quantified = unsupportedQuantified(checked);
  if (quantified) return quantified;
  // Predicate instances stand where an assertion conjunct, fold, unfold or unfolding puts them.
  const placed = new Set<unknown>();
  for (const d of checked.program.decls) {
    const asserted: Expr[] =
      d.kind === 'proc'
        ? [...d.requires, ...d.ensures]
        : d.kind === 'predicate'
          ? [d.body]
          : d.kind === 'function'
            ? [...d.requires]
            : [];
    for (const n of nodes(declNodes(d, checked))) {
      if (n.kind === 'fold' || n.kind === 'unfold' || n.kind === 'unfolding')
        placed.add((n as unknown as { pred: unknown }).pred);
      if (n.kind === 'quasihavoc') placed.add((n as unknown as { target: unknown }).target);
      // perm(q(ē)) names the instance (rules/evalPermInstance.ts).
      if (isPermCall(n) && !checked.functions.has('perm')) placed.add((n as unknown as { args: unknown[] }).args[0]);
      if (n.kind === 'assert') asserted.push((n as unknown as Assert).cond);
      if (n.kind === 'asserting') asserted.push((n as unknown as Asserting).assertion);
      if (n.kind === 'join' && (n as unknown as Join).cond) asserted.push((n as unknown as Join).cond!);
      if (n.kind === 'while') asserted.push(...(n as unknown as While).invariants);
    }
    // untouched(A) consumes A (rules/untouched.ts): A's instances are placed too.
    const unwrap = (e: Expr): Expr[] =>
      conjuncts(e).flatMap((c) => (c.kind === 'pure' && c.expr.kind === 'untouched' ? unwrap(c.expr.body) : [e]));
    const leaves = (e: Expr) => leafConjuncts(e, (name) => checked.predicates.has(name));
    for (const c of asserted.flatMap(unwrap).flatMap(leaves)) if (c.kind === 'pred') placed.add(c.call);
  }
  for (const d of checked.program.decls) {
    const roots = declNodes(d, checked);
    for (const n of nodes(roots)) {
      const stray =
        n.kind === 'call' && checked.predicates.has((n as unknown as { callee: string }).callee) && !placed.has(n);
      const what = stray
        ? 'predicate instances outside requires, ensures, predicate bodies, fold, unfold and unfolding yet'
        : unsupported(n);
      if (what)
        return error(
          checked.file,
          n.nameSpan ?? n.span ?? d.span,
          `${WHY} ${what} (${n.kind === 'predicate' || n.kind === 'function' ? `${n.kind} ${(n as unknown as { name: string }).name}` : n.kind})`,
        );
    }
  }
  return undefined;
}

function isPermCall(n: Node): boolean {
  return n.kind === 'call' && (n as unknown as { callee: string }).callee === 'perm';
}

/** For the engine's own switches: a heap construct reached despite the guard is an internal error. */
export function heapUnsupported(): never {
  throw new Error(`${WHY} this heap construct yet`);
}

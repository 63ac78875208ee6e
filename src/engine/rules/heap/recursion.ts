// Which predicates and heap-dependent functions are recursive (call themselves, directly or
// through others). Instances of a recursive predicate (or one with conditional permissions) are folded lazily, as a snapshot
// (rules/heap/snapshots.ts), and applications of a recursive function are uninterpreted terms with
// their definitions added on expansion (heap/functions.ts); everything else keeps the eager
// treatment (fragments produced at once, functions inlined).

import type { Expr, FunctionDecl, PredicateDecl } from '../../../lang/ast';
import { mentionsPermission } from './snapshots';

/** The declarations of a checked program (a CheckedProgram is one). */
export interface Decls {
  readonly predicates: ReadonlyMap<string, PredicateDecl>;
  readonly functions: ReadonlyMap<string, FunctionDecl>;
}

export interface Recursion {
  /**
   * The predicates whose instances are snapshots: the recursive ones, those with a
   * conditional permission in the body (a fragment is one fixed set of chunks; a snapshot
   * unfolds into the side its condition picks), and Viper's abstract ones (nothing is known of
   * what they hold: an empty fragment would make every instance of P(a) one value).
   */
  readonly predicates: ReadonlySet<string>;
  readonly functions: ReadonlySet<string>;
}

/** The names of predicates and functions called anywhere below `root` (a work list: bodies may nest deeply). */
export function calledNames(root: unknown, known: (name: string) => boolean): string[] {
  const out: string[] = [];
  const work: unknown[] = [root];
  while (work.length > 0) {
    const x = work.pop();
    if (Array.isArray(x)) {
      work.push(...x);
      continue;
    }
    if (typeof x !== 'object' || x === null) continue;
    const n = x as { kind?: string; callee?: string };
    if (n.kind === 'call' && n.callee && known(n.callee)) out.push(n.callee);
    for (const [k, v] of Object.entries(x)) if (k !== 'span' && typeof v === 'object') work.push(v);
  }
  return out;
}

function graph(checked: Decls): Map<string, string[]> {
  const decls = new Map<string, PredicateDecl | FunctionDecl>([...checked.predicates, ...checked.functions]);
  const calls = new Map<string, string[]>();
  for (const [name, d] of decls) {
    const roots = d.kind === 'predicate' ? [d.body] : [d.requires, d.body];
    calls.set(
      name,
      calledNames(roots, (n) => decls.has(n)),
    );
  }
  return calls;
}

function reaches(calls: Map<string, string[]>, from: string, to: string): boolean {
  const seen = new Set<string>();
  const work = [...(calls.get(from) ?? [])];
  while (work.length > 0) {
    const c = work.pop()!;
    if (c === to) return true;
    if (seen.has(c)) continue;
    seen.add(c);
    work.push(...(calls.get(c) ?? []));
  }
  return false;
}

/** Whether assertion `e` holds a permission under `==>` or `?:`. */
function conditional(e: Expr, isPred: (n: string) => boolean): boolean {
  if (e.kind === 'binary' && e.op === '&&') return conditional(e.left, isPred) || conditional(e.right, isPred);
  if (e.kind === 'binary' && e.op === '==>') return mentionsPermission(e.right, isPred);
  return e.kind === 'cond' && mentionsPermission(e, isPred);
}

// A pure function of the (immutable) checked program, computed once per program.
const memo = new WeakMap<Decls, Recursion>();

export function recursion(checked: Decls): Recursion {
  const hit = memo.get(checked);
  if (hit) return hit;
  const calls = graph(checked);
  const rec = (name: string): boolean => reaches(calls, name, name);
  const out: Recursion = {
    predicates: new Set(
      [...checked.predicates]
        .filter(([n, d]) => rec(n) || d.abstract === true || conditional(d.body, (x) => checked.predicates.has(x)))
        .map(([n]) => n),
    ),
    functions: new Set([...checked.functions.keys()].filter(rec)),
  };
  memo.set(checked, out);
  return out;
}

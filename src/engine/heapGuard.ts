// The parts of the heap language the symbolic engine does not handle yet (the language and
// the concrete interpreter do). Every symbolic entry point asks this guard first, so such a
// program gets one clear file:line:col error instead of a crash deep in the engine. Fields,
// `new`, `null` and `acc(e.f)` conjuncts in requires/ensures are supported (step/heapCalls.ts).

import type { Expr, Proc } from '../lang/ast';
import type { CheckedProgram } from '../lang/checked';
import { error, type Diagnostic } from '../lang/diagnostics';
import type { Span } from '../lang/span';
import { conjuncts } from './heap/assertions';

const WHY = 'the symbolic engine does not support';

interface Node { readonly kind: string; readonly span?: Span; readonly nameSpan?: Span }

/** Nodes under `root`, depth first (a work list: bodies may nest deeply). */
function* nodes(root: unknown): Generator<Node> {
  const work: unknown[] = [root];
  while (work.length > 0) {
    const x = work.pop();
    if (Array.isArray(x)) { for (let i = x.length - 1; i >= 0; i--) work.push(x[i]); continue; }
    if (typeof x !== 'object' || x === null || !('kind' in x)) continue;
    yield x as Node;
    for (const [k, v] of Object.entries(x)) if (k !== 'span' && typeof v === 'object') work.push(v);
  }
}

/** What the engine refuses in `n`, if anything. */
function unsupported(n: Node, heap: boolean): string | undefined {
  switch (n.kind) {
    case 'predicate': return 'predicates yet';
    case 'function': return 'heap-dependent functions yet';
    case 'fold': case 'unfold': return 'fold and unfold yet';
    case 'unfolding': return 'unfolding yet';
    case 'untouched': return 'untouched yet';
    case 'acc': return 'permissions outside the top-level conjuncts of requires and ensures yet';
    case 'while': return heap ? 'loops in programs with objects yet' : undefined;
    case 'join': return heap ? 'join in programs with objects yet' : undefined;
    default: return undefined;
  }
}

/** A statement shape with objects that the engine does not handle yet. */
function unsupportedTarget(n: Node): string | undefined {
  const st = n as unknown as { kind: string; target?: Expr; targets?: readonly Expr[]; value?: { kind: string } };
  const targets = st.kind === 'callAssign' ? st.targets ?? [] : st.kind === 'assign' ? [st.target!] : [];
  for (const t of targets) {
    if (t.kind === 'field' && (st.kind === 'callAssign' || st.value?.kind === 'call')) return 'a call result assigned to a field yet';
    let e: Expr = t;
    while (e.kind === 'index') e = e.array;
    if (t.kind === 'index' && e.kind === 'field') return 'element writes through a field yet';
  }
  return undefined;
}

/** Nodes of a procedure, with the top-level `acc` conjuncts of its contract left out (they are supported). */
function procNodes(p: Proc): unknown[] {
  const contract = [...p.requires, ...p.ensures].flatMap(conjuncts).map((c) => (c.kind === 'acc' ? (c.acc.target) : c.expr));
  return [contract, p.body];
}

/** The error for the first construct the engine does not support; undefined when it supports the whole program. */
export function symbolicHeapError(checked: CheckedProgram): Diagnostic | undefined {
  const heap = checked.classes.size > 0;
  for (const d of checked.program.decls) {
    const roots = d.kind === 'proc' ? procNodes(d) : [d];
    for (const n of nodes(roots)) {
      const what = unsupported(n, heap) ?? unsupportedTarget(n);
      if (what) return error(checked.file, n.nameSpan ?? n.span ?? d.span, `${WHY} ${what} (${n.kind === 'predicate' || n.kind === 'function' ? `${n.kind} ${(n as unknown as { name: string }).name}` : n.kind})`);
    }
  }
  return undefined;
}

/** For the engine's own switches: a heap construct reached despite the guard is an internal error. */
export function heapUnsupported(): never {
  throw new Error(`${WHY} this heap construct yet`);
}

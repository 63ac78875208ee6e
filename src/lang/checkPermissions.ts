// Where permissions may appear (docs/language.md, "Objects and permissions"). `acc(e.f)`,
// predicate instances and `untouched(A)` are assertions, not booleans: they may be combined
// only by `&&` (separating), the right of `==>`, the branches of `?:` and `untouched`, and
// only in requires, ensures, invariants, assert, join formulas, predicate bodies and function
// requires. `untouched` belongs in ensures only; `assume` may not mention permissions.

import type { Expr, Proc, Program, Stmt } from './ast';
import type { CheckTables } from './checkTables';
import type { HeapEnv } from './heapEnv';
import { pushAll } from './pushAll';

/** Why permissions are not allowed here (undefined: they are). */
type Ban = string | undefined;

interface Place {
  readonly ban: Ban;
  /** `untouched(…)` allowed (ensures only). */
  readonly untouched: boolean;
}

const ASSERTION: Place = { ban: undefined, untouched: false };
const ENSURES: Place = { ban: undefined, untouched: true };
const CODE: Place = {
  ban: 'in code (only in requires, ensures, invariants, assert, join and predicate bodies)',
  untouched: false,
};
const ASSUME: Place = { ban: 'assume', untouched: false };
const FUNCTION_BODY: Place = { ban: 'in a function body (its requires may hold them)', untouched: false };

export function checkPermissions(program: Program, tables: CheckTables, heap: HeapEnv): void {
  const walker = new PermissionWalker(tables, heap);
  for (const d of program.decls) {
    switch (d.kind) {
      case 'proc':
        walker.proc(d);
        break;
      case 'varDecl':
        if (d.init && d.init.kind !== 'havoc') walker.expr(d.init, CODE);
        break;
      case 'predicate':
        walker.expr(d.body, ASSERTION);
        break;
      case 'function':
        d.requires.forEach((r) => walker.expr(r, ASSERTION));
        if (d.body) walker.expr(d.body, FUNCTION_BODY);
        d.ensures?.forEach((e) => walker.expr(e, ASSERTION));
        break;
      case 'class':
        break;
    }
  }
}

class PermissionWalker {
  constructor(
    private readonly tables: CheckTables,
    private readonly heap: HeapEnv,
  ) {}

  proc(p: Proc): void {
    p.requires.forEach((r) => this.expr(r, ASSERTION));
    p.ensures.forEach((e) => this.expr(e, ENSURES));
    // A work list rather than recursion: blocks may nest deeply. (Diagnostics are sorted later.)
    const work: Stmt[] = [...p.body.stmts];
    for (let s = work.pop(); s !== undefined; s = work.pop()) pushAll(work, this.stmt(s));
  }

  /** Checks the statement's own expressions; returns the statements nested in it. */
  private stmt(s: Stmt): readonly Stmt[] {
    switch (s.kind) {
      case 'varDecl':
        if (s.init && s.init.kind !== 'havoc') this.expr(s.init, CODE);
        return [];
      case 'assign':
        this.expr(s.target, CODE);
        if (s.value.kind !== 'havoc') this.expr(s.value, CODE);
        return [];
      // The callee of a call statement is a procedure (the checker reports anything else).
      case 'callAssign':
        s.targets.forEach((t) => this.expr(t, CODE));
        s.call.args.forEach((a) => this.expr(a, CODE));
        return [];
      case 'callStmt':
        s.call.args.forEach((a) => this.expr(a, CODE));
        return [];
      case 'if':
        this.expr(s.cond, CODE);
        return s.otherwise ? [s.then, s.otherwise] : [s.then];
      case 'while':
        this.expr(s.cond, CODE);
        s.invariants.forEach((i) => this.expr(i, ASSERTION));
        return [s.body];
      case 'assume':
        this.expr(s.cond, ASSUME);
        return [];
      case 'assert':
        this.expr(s.cond, ASSERTION);
        return [];
      case 'join':
        if (s.cond) this.expr(s.cond, { ban: undefined, untouched: false });
        return [];
      case 'return':
        if (s.value) this.expr(s.value, CODE);
        return [];
      case 'block':
        return s.stmts;
      case 'fold':
      case 'unfold':
        s.pred.args.forEach((a) => this.expr(a, CODE));
        return [];
      case 'label':
        return [];
      case 'quasihavoc':
        if (s.cond) this.expr(s.cond, CODE);
        if (s.target.kind === 'call') s.target.args.forEach((a) => this.expr(a, CODE));
        else this.expr(s.target.object, CODE);
        return [];
      case 'refute':
        this.expr(s.cond, CODE);
        return [];
      case 'break':
        return [];
    }
  }

  /** Walks `e` with an explicit work list, so deeply nested expressions cannot exhaust the stack. */
  expr(root: Expr, rootAt: Place): void {
    const work: [Expr, Place][] = [[root, rootAt]];
    for (let item = work.pop(); item !== undefined; item = work.pop()) {
      const [e, at] = item;
      if (this.isPermission(e)) this.permission(e, at);
      // Pushed in reverse, so errors come out in reading order.
      pushAll(work, (this.instanceOfPerm(e) ?? children(e, at)).reverse());
    }
  }

  private isPermission(e: Expr): boolean {
    return (
      e.kind === 'acc' ||
      e.kind === 'untouched' ||
      e.kind === 'inhaleExhale' ||
      (e.kind === 'call' && this.heap.predicates.has(e.callee))
    );
  }

  /** `perm(q(ē))` names the instance, it holds none: only ē is walked, as code (checkPermAmount.ts). */
  private instanceOfPerm(e: Expr): [Expr, Place][] | undefined {
    if (e.kind !== 'call' || e.callee !== 'perm' || this.heap.functions.has('perm') || e.args.length !== 1)
      return undefined;
    const arg = e.args[0];
    if (arg.kind !== 'call' || !this.heap.predicates.has(arg.callee)) return undefined;
    return arg.args.map((a): [Expr, Place] => [a, under('an argument', 'in')]);
  }

  private permission(e: Expr, at: Place): void {
    if (e.kind === 'untouched' && !at.untouched && at.ban === undefined) {
      this.tables.error(e.span, `'untouched' may only appear in ensures clauses`);
    }
    if (at.ban === undefined) return;
    this.tables.error(
      e.span,
      at.ban === 'assume' ? 'assume may not mention permissions' : `permissions may not appear ${at.ban}`,
    );
  }
}

function under(what: string, preposition: 'under' | 'on' | 'in' = 'under'): Place {
  return { ban: `${preposition} ${what}`, untouched: false };
}

/** The sub-expressions of `e` with the place each one is in. */
function children(e: Expr, at: Place): [Expr, Place][] {
  switch (e.kind) {
    case 'acc':
      // `acc(q(ē), p)`: the instance's arguments are code, as in `q(ē)`.
      if (e.target.kind === 'call') return e.target.args.map((a): [Expr, Place] => [a, under('an argument', 'in')]);
      return [[e.target, under("'acc'")]];
    case 'untouched':
      return [[e.body, { ban: at.ban, untouched: false }]];
    case 'inhaleExhale':
      return [
        [e.inhale, at],
        [e.exhale, at],
      ];
    case 'asserting':
      // A is checked as an assert checks it, wherever the expression stands.
      return [
        [e.assertion, ASSERTION],
        [e.body, at],
      ];
    case 'binary':
      if (e.op === '&&')
        return [
          [e.left, at],
          [e.right, at],
        ];
      if (e.op === '==>')
        return [
          [e.left, under("the left of '==>'", 'on')],
          [e.right, at],
        ];
      return [
        [e.left, under(`'${e.op}'`)],
        [e.right, under(`'${e.op}'`)],
      ];
    case 'cond':
      return [
        [e.cond, under("the condition of '?:'", 'in')],
        [e.then, at],
        [e.otherwise, at],
      ];
    case 'unary':
      return [[e.operand, under(`'${e.op}'`)]];
    case 'quant':
      return [[e.body, e.permission ? at : under('a quantifier')]];
    case 'old':
      return [[e.expr, under("'old(…)'")]];
    case 'unfolding':
      return [
        ...e.pred.args.map((a): [Expr, Place] => [a, under('an argument', 'in')]),
        [e.body, under("'unfolding'")],
      ];
    case 'call':
    case 'domainApp':
      return e.args.map((a) => [a, under('an argument', 'in')]);
    case 'index':
      return [
        [e.array, under('an index', 'in')],
        [e.index, under('an index', 'in')],
      ];
    case 'length':
      return [[e.array, under("'.length'")]];
    case 'field':
      return [[e.object, under('a field read', 'in')]];
    case 'cast':
      return [[e.expr, under("'as'")]];
    case 'arrayLit':
      return e.elems.map((x) => [x, under('an array literal', 'in')]);
    case 'coll':
      return e.args.map((x) => [x, under('a set or sequence operation', 'in')]);
    default:
      return [];
  }
}

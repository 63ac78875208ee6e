// The printer on objects and permissions: canonical layout of classes, predicates and
// functions, minimal parentheses around `unfolding` and field reads, and parse(print(p)) = p
// on programs that use every heap form.

import { describe, expect, it } from 'vitest';
import { parse, parseExpression } from '../../src/lang/parser';
import { printExpr, printProgram } from '../../src/lang/printer';
import { stripSpans } from '../support/stripSpans';
import { Rng } from '../support/programGen';
import type { Call, Expr } from '../../src/lang/ast';

const NO_SPAN = { line: 0, col: 0, endLine: 0, endCol: 0 };

const source = `class Node { var val: int; var next: Node; var items: int[]; } class Empty { }
predicate list(n: Node) { acc(n.val) && acc(n.next) && (n.next != null ==> list(n.next)) }
function len(n: Node): int requires list(n) requires true { unfolding list(n) in n.next == null ? 1 : 1 + len(n.next) }
proc main(n: Node) requires list(n) ensures list(n) && untouched(list(n)) {
  var m: Node := new Node; m.next := null; m.next.val := 3; m.items[0] := 1; fold list(m); unfold list(m);
}
`;

describe('printing heap programs', () => {
  const program = parse(source, 'h.sym').program!;
  it('lays out classes, predicates, functions and the new statements', () => {
    expect(printProgram(program)).toBe(`class Node {
  var val: int;
  var next: Node;
  var items: int[];
}

class Empty {
}

predicate list(n: Node) {
  acc(n.val) && acc(n.next) && (n.next != null ==> list(n.next))
}

function len(n: Node): int
  requires list(n)
  requires true
{
  unfolding list(n) in n.next == null ? 1 : 1 + len(n.next)
}

proc main(n: Node)
  requires list(n)
  ensures list(n) && untouched(list(n))
{
  var m: Node := new Node;
  m.next := null;
  m.next.val := 3;
  m.items[0] := 1;
  fold list(m);
  unfold list(m);
}
`);
  });
  it('round-trips', () => {
    const again = parse(printProgram(program), 'again.sym').program!;
    expect(stripSpans(again)).toEqual(stripSpans(program));
  });
  it('parenthesises unfolding only where something follows it', () => {
    const cases = [
      '(unfolding p(c) in c.x) + 1',
      '1 + unfolding p(c) in c.x',
      'f(unfolding p(c) in c.x, 2)',
      '(-1).x',
      'a[0].f.g',
    ];
    for (const text of cases) expect(printExpr(parseExpression(text, 'w').expr!)).toBe(text);
  });
});

/** A random expression tree over every form, heap ones included (types do not matter to the printer). */
function randomExpr(rng: Rng, depth: number): Expr {
  const leaf = (): Expr =>
    rng.pick<() => Expr>([
      () => ({ kind: 'var', name: rng.pick(['a', 'b', 'c']), span: NO_SPAN }),
      () => ({ kind: 'intLit', value: BigInt(rng.int(-3, 9)), span: NO_SPAN }),
      () => ({ kind: 'null', span: NO_SPAN }),
      () => ({ kind: 'boolLit', value: rng.chance(0.5), span: NO_SPAN }),
    ])();
  if (depth === 0 || rng.chance(0.2)) return leaf();
  const sub = (): Expr => randomExpr(rng, depth - 1);
  const call = (): Call => ({
    kind: 'call',
    callee: rng.pick(['p', 'q']),
    calleeSpan: NO_SPAN,
    args: [sub()],
    span: NO_SPAN,
  });
  const field = (): Expr => ({
    kind: 'field',
    object: sub(),
    field: rng.pick(['x', 'next']),
    fieldSpan: NO_SPAN,
    span: NO_SPAN,
  });
  return rng.pick<() => Expr>([
    field,
    () => ({ kind: 'acc', target: field(), span: NO_SPAN }),
    () => ({ kind: 'unfolding', pred: call(), body: sub(), span: NO_SPAN }),
    () => ({ kind: 'untouched', body: sub(), span: NO_SPAN }),
    call,
    () => ({
      kind: 'binary',
      op: rng.pick(['+', '-', '*', '&&', '||', '==>', '==', '<']),
      left: sub(),
      right: sub(),
      span: NO_SPAN,
    }),
    () => ({ kind: 'cond', cond: sub(), then: sub(), otherwise: sub(), span: NO_SPAN }),
    () => ({ kind: 'unary', op: rng.pick(['-', '!']), operand: sub(), span: NO_SPAN }),
    () => ({ kind: 'index', array: sub(), index: sub(), span: NO_SPAN }),
    () => ({ kind: 'length', array: sub(), span: NO_SPAN }),
    () => ({ kind: 'old', expr: sub(), span: NO_SPAN }),
  ])();
}

describe('printing random heap expressions', () => {
  it('2,000 random trees print to text that parses back to the same tree', () => {
    const rng = new Rng(9);
    for (let n = 0; n < 2000; n++) {
      const e = randomExpr(rng, 5);
      const text = printExpr(e);
      const parsed = parseExpression(text, 'w');
      expect(parsed.diagnostics, text).toEqual([]);
      expect(stripSpans(parsed.expr), text).toEqual(stripSpans(e));
    }
  });
});

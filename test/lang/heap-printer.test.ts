// The printer on objects and permissions: canonical layout of classes, predicates and
// functions, minimal parentheses around `unfolding` and field reads, and parse(print(p)) = p
// on programs that use every heap form.

import { describe, expect, it } from 'vitest';
import { parse, parseExpression } from '../../src/lang/parser';
import { printExpr, printProgram } from '../../src/lang/printer';
import { stripSpans } from '../support/stripSpans';

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
    const cases = ['(unfolding p(c) in c.x) + 1', '1 + unfolding p(c) in c.x', 'f(unfolding p(c) in c.x, 2)', '(-1).x', 'a[0].f.g'];
    for (const text of cases) expect(printExpr(parseExpression(text, 'w').expr!)).toBe(text);
  });
});

// Printer tests: minimal parentheses by precedence and associativity, literals, and the
// exact layout of statements and procedures (2-space indentation, one statement per line).

import { describe, expect, it } from 'vitest';
import type { Expr, Proc } from '../../src/lang/ast';
import { parse, parseExpression } from '../../src/lang/parser';
import { printExpr, printProgram, printStmt } from '../../src/lang/printer';
import { NO_SPAN } from '../../src/lang/span';
import { stripSpans } from '../support/stripSpans';

function reprint(text: string): string {
  const r = parseExpression(text, 'e');
  expect(r.diagnostics).toEqual([]);
  const printed = printExpr(r.expr!);
  expect(stripSpans(parseExpression(printed, 'e').expr)).toEqual(stripSpans(r.expr));
  return printed;
}

const lit = (value: bigint): Expr => ({ kind: 'intLit', value, span: NO_SPAN });
const v = (name: string): Expr => ({ kind: 'var', name, span: NO_SPAN });

describe('printExpr', () => {
  it.each([
    ['(a + b) * c', '(a + b) * c'],
    ['a + (b * c)', 'a + b * c'],
    ['(a - b) - c', 'a - b - c'],
    ['a - (b - c)', 'a - (b - c)'],
    ['a ==> (b ==> c)', 'a ==> b ==> c'],
    ['(a ==> b) ==> c', '(a ==> b) ==> c'],
    ['a ? b : (c ? d : e)', 'a ? b : c ? d : e'],
    ['(a ? b : c) ? d : e', '(a ? b : c) ? d : e'],
    ['a ? (b ? c : d) : e', 'a ? b ? c : d : e'],
    ['(a || b) ? c : d', 'a || b ? c : d'],
    ['(a ? b : c) || d', '(a ? b : c) || d'],
    ['a & (b | c)', 'a & (b | c)'],
    ['(a < b) == (c < d)', 'a < b == c < d'],
    ['((x as i8)) as int', 'x as i8 as int'],
    ['-(x as u8)', '-(x as u8)'],
    ['(-x) as u8', '-x as u8'],
    ['(a + b) as u8', '(a + b) as u8'],
    ['!(a && b)', '!(a && b)'],
    ['-(5)', '-(5)'],
    ['- -5', '-(-5)'],
    ['-(-x)', '-(-x)'],
    ['(-5)[0]', '(-5)[0]'],
    ['a - -1', 'a - -1'],
    ['(a[i])[j]', 'a[i][j]'],
    ['(f(x)).length', 'f(x).length'],
    ['old((x))', 'old(x)'],
    ['[ (1) , x + 2 ]', '[1, x + 2]'],
    ['a ==> (forall i: int :: b)', 'a ==> forall i: int :: b'],
    ['(a ==> forall i: int :: b) && c', '(a ==> forall i: int :: b) && c'],
    ['a && (forall i: int :: p) && q', 'a && (forall i: int :: p) && q'],
    ['f((exists i: int, j: u8 :: b))', 'f(exists i: int, j: u8 :: b)'],
    ['!(forall i: int :: b)', '!(forall i: int :: b)'],
    ['c ? (forall i: int :: b) : d', 'c ? forall i: int :: b : d'],
    ['0x1F', '31'],
  ])('%s', (text, expected) => {
    expect(reprint(text)).toBe(expected);
  });

  it('escapes character literals', () => {
    expect(reprint("'\\n'")).toBe("'\\n'");
    expect(reprint("'\\x41'")).toBe("'A'");
    expect(reprint("'\\xc8'")).toBe("'\\xc8'");
    expect(reprint("'\\''")).toBe("'\\''");
    expect(reprint("'\"'")).toBe("'\"'");
    expect(reprint("'\\0'")).toBe("'\\0'");
  });

  it('keeps a negation of a literal apart from a negative literal in built trees', () => {
    expect(printExpr({ kind: 'unary', op: '-', operand: lit(5n), span: NO_SPAN })).toBe('-(5)');
    expect(printExpr({ kind: 'binary', op: '-', left: v('a'), right: lit(-1n), span: NO_SPAN })).toBe('a - -1');
    expect(printExpr({ kind: 'index', array: lit(-1n), index: lit(0n), span: NO_SPAN })).toBe('(-1)[0]');
  });

  it('keeps double minus signs apart and cuts long text for messages', () => {
    expect(reprint('- -x')).toBe('-(-x)');
    expect(reprint('-(-5)')).toBe('-(-5)');
    const long = parseExpression(`x${' + 1'.repeat(1000)}`, 'a.sym').expr!;
    expect(printExpr(long, 10)).toBe('x + 1 + 1 …');
    expect(printExpr(long)).toHaveLength(4001);
  });
});

describe('printProgram and printStmt', () => {
  const source = `var g: int := 0;
proc max(a: int, b: int) returns (m: int) requires true ensures m >= a ensures m >= b {
  if (a > b) { m := a; } else if (a == b) { m := b; } else { m := b; }
}
proc main() { var x: int := *; var t: u8; x, g := two(); p(x, 1);
  while (x > 0) invariant x >= 0 invariant true { x := x - 1; { join; } }
  while (x > 0) { }
  assume x > 0; assert x > 0; join x >= 0; return; }
proc two() returns (a: int, b: int) { return 1; }
`;
  const program = parse(source, 'p.sym').program!;

  it('lays out declarations, clauses and blocks', () => {
    expect(printProgram(program)).toBe(`var g: int := 0;

proc max(a: int, b: int) returns (m: int)
  requires true
  ensures m >= a
  ensures m >= b
{
  if (a > b) {
    m := a;
  } else if (a == b) {
    m := b;
  } else {
    m := b;
  }
}

proc main() {
  var x: int := *;
  var t: u8;
  x, g := two();
  p(x, 1);
  while (x > 0)
    invariant x >= 0
    invariant true
  {
    x := x - 1;
    {
      join;
    }
  }
  while (x > 0) {
  }
  assume x > 0;
  assert x > 0;
  join x >= 0;
  return;
}

proc two() returns (a: int, b: int) {
  return 1;
}
`);
  });

  it('indents a statement by the requested level', () => {
    const main = program.decls[2] as Proc;
    expect(printStmt(main.body.stmts[4], 2)).toBe(
      [
        '    while (x > 0)',
        '      invariant x >= 0',
        '      invariant true',
        '    {',
        '      x := x - 1;',
        '      {',
        '        join;',
        '      }',
        '    }',
      ].join('\n'),
    );
    expect(printStmt(main.body.stmts[0])).toBe('var x: int := *;');
  });
});

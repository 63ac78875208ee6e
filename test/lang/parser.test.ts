// Parser tests: precedence and associativity, literals, comments, exact spans, every
// statement form, and each kind of syntax error with its exact position and message.

import { describe, expect, it } from 'vitest';
import type { Expr, Proc, Stmt } from '../../src/lang/ast';
import { parse, parseExpression } from '../../src/lang/parser';
import type { Span } from '../../src/lang/span';
import { typeName } from '../../src/lang/types';

/** A fully parenthesised rendering that shows the tree's shape. */
function sexpr(e: Expr): string {
  switch (e.kind) {
    case 'intLit':
      return e.value.toString();
    case 'boolLit':
      return String(e.value);
    case 'charLit':
      return `#${e.value}`;
    case 'var':
      return e.name;
    case 'domainApp':
      return `(${e.name} ${e.args.map(sexpr).join(' ')})`;
    case 'arrayLit':
      return `[${e.elems.map(sexpr).join(' ')}]`;
    case 'unary':
      return `(${e.op} ${sexpr(e.operand)})`;
    case 'binary':
      return `(${e.op} ${sexpr(e.left)} ${sexpr(e.right)})`;
    case 'cond':
      return `(? ${sexpr(e.cond)} ${sexpr(e.then)} ${sexpr(e.otherwise)})`;
    case 'index':
      return `(at ${sexpr(e.array)} ${sexpr(e.index)})`;
    case 'length':
      return `(len ${sexpr(e.array)})`;
    case 'call':
      return `(${e.callee}${e.args.map((a) => ` ${sexpr(a)}`).join('')})`;
    case 'old':
      return `(old ${sexpr(e.expr)})`;
    case 'cast':
      return `(as ${sexpr(e.expr)} ${typeName(e.type)})`;
    case 'quant':
      return `(${e.quantifier} ${e.vars.map((v) => `${v.name}:${typeName(v.type)}`).join(',')} ${sexpr(e.body)})`;
    case 'field':
      return `(. ${sexpr(e.object)} ${e.field})`;
    case 'null':
      return 'null';
    case 'new':
      return `(new ${e.className})`;
    case 'acc':
      return `(acc ${sexpr(e.target)})`;
    case 'untouched':
      return `(untouched ${sexpr(e.body)})`;
    case 'unfolding':
      return `(unfolding ${sexpr(e.pred)} ${sexpr(e.body)})`;
    case 'inhaleExhale':
      return `(inhale-exhale ${sexpr(e.inhale)} ${sexpr(e.exhale)})`;
    case 'asserting':
      return `(asserting ${sexpr(e.assertion)} ${sexpr(e.body)})`;
    case 'coll':
      return `(${e.op}${e.args.map((a) => ` ${sexpr(a)}`).join('')})`;
  }
}

function expr(text: string): Expr {
  const r = parseExpression(text, 'watch');
  expect(r.diagnostics).toEqual([]);
  return r.expr!;
}

const shape = (text: string): string => sexpr(expr(text));
const sp = (line: number, col: number, endLine: number, endCol: number): Span => ({ line, col, endLine, endCol });

function body(source: string): readonly Stmt[] {
  const r = parse(source, 'test.sym');
  expect(r.diagnostics).toEqual([]);
  return (r.program!.decls[0] as Proc).body.stmts;
}

function syntaxError(source: string): string {
  const r = parse(source, 'bad.sym');
  expect(r.program).toBeUndefined();
  expect(r.diagnostics).toHaveLength(1);
  const d = r.diagnostics[0];
  return `${d.span.line}:${d.span.col}: ${d.message}`;
}

describe('operator precedence and associativity', () => {
  it.each([
    ['a + b * c', '(+ a (* b c))'],
    ['a - b - c', '(- (- a b) c)'],
    ['a / b % c * d', '(* (% (/ a b) c) d)'],
    ['a ==> b ==> c', '(==> a (==> b c))'],
    ['a || b ==> c && d', '(==> (|| a b) (&& c d))'],
    ['a || b && c', '(|| a (&& b c))'],
    ['a | b ^ c & d', '(| a (^ b (& c d)))'],
    ['a & b == c', '(& a (== b c))'],
    ['a == b < c', '(== a (< b c))'],
    ['a < b << c', '(< a (<< b c))'],
    ['a << b + c', '(<< a (+ b c))'],
    ['a != b != c', '(!= (!= a b) c)'],
    ['a ? b : c ? d : e', '(? a b (? c d e))'],
    ['a ? b ? c : d : e', '(? a (? b c d) e)'],
    ['a ==> b ? c : d', '(==> a (? b c d))'],
    ['a ? b : c ==> d', '(==> (? a b c) d)'],
    ['a || b ? c : d || e', '(? (|| a b) c (|| d e))'],
    ['a * b as u8', '(* a (as b u8))'],
    ['x as i8 as int', '(as (as x i8) int)'],
    ['-x as u8', '(as (- x) u8)'],
    ['!a && b', '(&& (! a) b)'],
    ['~-x', '(~ (- x))'],
    ['-a[0]', '(- (at a 0))'],
    ['a[i][j].length', '(len (at (at a i) j))'],
    ['f(a, b + 1)[2]', '(at (f a (+ b 1)) 2)'],
    ['old(x) + g()', '(+ (old x) (g))'],
    ['(a + b) * c', '(* (+ a b) c)'],
    ['[1, x, [2]]', '[1 x [2]]'],
    ['xs as u8[]', '(as xs u8[])'],
  ])('%s', (text, expected) => {
    expect(shape(text)).toBe(expected);
  });

  it('quantifier bodies extend as far right as possible', () => {
    expect(shape('forall i: int :: a ==> b')).toBe('(forall i:int (==> a b))');
    expect(shape('a && forall i: int, j: u8 :: b || c')).toBe('(&& a (forall i:int,j:u8 (|| b c)))');
    expect(shape('exists k: int :: c ? d : e')).toBe('(exists k:int (? c d e))');
    expect(shape('(forall i: int :: p(i)) && q')).toBe('(&& (forall i:int (p i)) q)');
  });
});

describe('literals', () => {
  it('folds a minus sign right before an integer literal into the literal', () => {
    expect(expr('-128')).toEqual({ kind: 'intLit', value: -128n, span: sp(1, 1, 1, 5) });
    expect(shape('a-1')).toBe('(- a 1)');
    expect(shape('a - -1')).toBe('(- a -1)');
    expect(shape('--5')).toBe('(- -5)');
    expect(shape('-(5)')).toBe('(- 5)');
    expect(shape('-5 * 2')).toBe('(* -5 2)');
    expect(shape('-5[0]')).toBe('(- (at 5 0))');
  });

  it('reads decimal and hexadecimal integers of any size', () => {
    expect(shape('0xFF + 0x10')).toBe('(+ 255 16)');
    expect(shape('123456789012345678901234567890')).toBe('123456789012345678901234567890');
  });

  it('reads character literals and their escapes as bytes', () => {
    const cases: [string, number][] = [
      ["'b'", 98],
      ["'\\n'", 10],
      ["'\\t'", 9],
      ["'\\r'", 13],
      ["'\\0'", 0],
      ["'\\\\'", 92],
      ["'\\''", 39],
      ["'\\\"'", 34],
      ["'\"'", 34],
      ["'\\x41'", 65],
      ["'\\xff'", 255],
    ];
    for (const [text, value] of cases)
      expect(expr(text)).toEqual({ kind: 'charLit', value, span: sp(1, 1, 1, 1 + text.length) });
  });

  it('reads booleans', () => {
    expect(shape('true && !false')).toBe('(&& true (! false))');
  });
});

describe('comments and spans', () => {
  const source = [
    '// a line comment',
    'var g: int := 0; /* a block',
    '   comment */',
    'proc main(a: int, b: u8) returns (r: int)',
    '  requires a > 0 ensures r == old(a)',
    '  requires b != 0',
    '{',
    '  r := a + b as int; // tail',
    '  if (a > 1) { r := 1; }',
    '  else if (a < 0) { } else { r := 2; }',
    '  while (r < 10) invariant r >= 0 { r := r + 1; }',
    '}',
    '',
  ].join('\n');
  const program = parse(source, 'spans.sym').program!;
  const main = program.decls[1] as Proc;

  it('gives the program, declarations and statements exact spans', () => {
    expect(program.span).toEqual(sp(1, 1, 13, 1));
    expect(program.decls[0].span).toEqual(sp(2, 1, 2, 17));
    expect(main.span).toEqual(sp(4, 1, 12, 2));
    expect(main.nameSpan).toEqual(sp(4, 6, 4, 10));
    expect(main.params.map((p) => p.span)).toEqual([sp(4, 11, 4, 17), sp(4, 19, 4, 24)]);
    expect(main.body.span).toEqual(sp(7, 1, 12, 2));
    expect(main.body.stmts.map((s) => s.span)).toEqual([sp(8, 3, 8, 21), sp(9, 3, 10, 39), sp(11, 3, 11, 50)]);
  });

  it('keeps requires and ensures clauses in order of their kind', () => {
    expect(main.requires.map(sexpr)).toEqual(['(> a 0)', '(!= b 0)']);
    expect(main.ensures.map(sexpr)).toEqual(['(== r (old a))']);
  });

  it('gives expressions exact spans, widened by parentheses', () => {
    const assign = main.body.stmts[0];
    if (assign.kind !== 'assign' || assign.value.kind !== 'binary') throw new Error('expected r := a + …');
    expect(assign.target.span).toEqual(sp(8, 3, 8, 4));
    expect(assign.value.span).toEqual(sp(8, 8, 8, 20));
    expect(assign.value.right.span).toEqual(sp(8, 12, 8, 20));
    const e = expr('f( (a) , b[ 1 ])');
    if (e.kind !== 'call') throw new Error('expected a call');
    expect(e.span).toEqual(sp(1, 1, 1, 17));
    expect(e.calleeSpan).toEqual(sp(1, 1, 1, 2));
    expect(e.args.map((a) => a.span)).toEqual([sp(1, 4, 1, 7), sp(1, 10, 1, 16)]);
  });

  it('spans an else-if chain as nested ifs', () => {
    const s = main.body.stmts[1];
    if (s.kind !== 'if' || s.otherwise?.kind !== 'if') throw new Error('expected else if');
    expect(s.otherwise.span).toEqual(sp(10, 8, 10, 39));
    expect(s.otherwise.otherwise?.kind).toBe('block');
  });
});

describe('statements', () => {
  it('parses every statement form', () => {
    const stmts = body(`proc p(a: int[]) {
      var x: int := 1; var y := 2; var z: bool; var w: u8 := *;
      x := *; a[0] := 1; a[x][1] := 2; x, a[1] := q(x, 1); q();
      { assume x > 0; assert x > 0; }
      join; join x > 0; return; return x;
    }`);
    expect(stmts.map((s) => s.kind)).toEqual([
      'varDecl',
      'varDecl',
      'varDecl',
      'varDecl',
      'assign',
      'assign',
      'assign',
      'callAssign',
      'callStmt',
      'block',
      'join',
      'join',
      'return',
      'return',
    ]);
    expect(stmts[0]).toMatchObject({ name: 'x', type: { kind: 'int' }, init: { kind: 'intLit', value: 1n } });
    expect(stmts[1]).not.toHaveProperty('type');
    expect(stmts[2]).not.toHaveProperty('init');
    expect(stmts[3]).toMatchObject({ init: { kind: 'havoc', span: sp(2, 62, 2, 63) } });
    expect(stmts[7]).toMatchObject({ kind: 'callAssign', targets: [{ kind: 'var' }, { kind: 'index' }] });
    expect(stmts[10]).not.toHaveProperty('cond');
  });

  it('parses procedures with several returns, nested array types and any clause order', () => {
    const r = parse(
      'proc p() returns (a: int, b: bool[][]) ensures a > 0 requires true ensures b.length == 0 { }',
      'x',
    );
    const p = r.program!.decls[0] as Proc;
    expect(p.returns.map((x) => typeName(x.type))).toEqual(['int', 'bool[][]']);
    expect([p.requires.length, p.ensures.length]).toEqual([1, 2]);
  });

  it('accepts an empty file and a file of comments', () => {
    expect(parse('', 'e.sym').program?.decls).toEqual([]);
    expect(parse('// nothing\n/* here */\n', 'e.sym').program?.decls).toEqual([]);
  });
});

describe('syntax errors', () => {
  it.each([
    ['proc main() { x := (1 + ); }', "1:25: unexpected ')'; expected an expression"],
    ['proc main() {\n  x := 1\n  y := 2;\n}', "3:3: expected ';' after the statement, found 'y'"],
    ['proc main() {\n  if (x) { }', "2:13: unexpected end of file; expected a statement, 'else' or '}'"],
    ['proc main() { x := 1; }\n  # oops', "2:3: unexpected character '#'"],
    ['proc main() { }\n/* never\nclosed', '2:1: unterminated comment'],
    ['proc main() { x := 0x; }', "1:20: integer literal '0x' is malformed"],
    ['proc main() { x := 12ab; }', "1:20: integer literal '12ab' is malformed"],
    ["proc main() { x := 'ab'; }", "1:20: character literal 'ab' is malformed"],
    ["proc main() { x := '\\q'; }", "1:20: character literal '\\q' is malformed"],
    ["proc main() { x := 'a; }", '1:20: unterminated character literal'],
    ["proc main() { x := ''; }", '1:20: empty character literal'],
    ['proc main() { x = 1; }', "1:17: unexpected '='; expected ',' or ':='"],
    ['proc main() { if x > 0 { } }', "1:18: unexpected 'x'; expected '('"],
    ['proc main() { var 1 := 2; }', "1:19: unexpected '1'; expected an identifier"],
    ['proc main() { var x: 3; }', "1:22: unexpected '3'; expected a type or an identifier"],
    ['proc main(a int) { }', "1:13: unexpected 'int'; expected ':'"],
    ['proc main() { f(a b); }', "1:19: unexpected 'b'; expected ',' or ')'"],
    ['proc main() { x := a.3; }', "1:22: unexpected '3'; expected an identifier"],
    ['main() { }', "1:1: unexpected 'main'; expected 'var', 'class', 'predicate', 'function', 'synth' or 'proc'"],
    ['proc main() { } }', "1:17: unexpected '}'; expected 'var', 'class', 'predicate', 'function', 'synth' or 'proc'"],
    ['proc main() { if (a) { } else x := 1; }', "1:31: unexpected 'x'; expected 'if' or '{'"],
  ])('%s', (source, expected) => {
    expect(syntaxError(source)).toBe(expected);
  });

  it('formats the diagnostic with the file name', () => {
    const d = parse('proc', 'dir/f.sym').diagnostics[0];
    expect(d).toMatchObject({
      file: 'dir/f.sym',
      severity: 'error',
      message: 'unexpected end of file; expected an identifier',
    });
    expect(d.span).toEqual(sp(1, 5, 1, 5));
  });

  it('reports expression errors relative to the watch text', () => {
    expect(parseExpression('a +', 'w').diagnostics[0]).toMatchObject({
      message: 'unexpected end of input; expected an expression',
      span: sp(1, 4, 1, 4),
    });
    expect(parseExpression('a b', 'w').diagnostics[0].message).toBe("unexpected 'b'; expected an operator");
    expect(parseExpression('x := 1', 'w').diagnostics[0].span).toEqual(sp(1, 3, 1, 5));
  });
});

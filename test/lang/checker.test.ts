// The checker through the real parser: one test per kind of diagnostic (exact position and
// message), the side tables of a clean program, debugger expressions, and every sample.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Expr, Stmt } from '../../src/lang/ast';
import { checkExpression } from '../../src/lang/checker';
import { loadSource } from '../../src/lang/frontend';
import { parseExpression } from '../../src/lang/parser';
import { INT, typeName, U8, type Type } from '../../src/lang/types';

/** `line:col: message` for every diagnostic of `source`. */
function diags(source: string): string[] {
  return loadSource(source, 't.sym').diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`);
}

/** Wraps statements in `proc main() { … }`, one per line starting at line 2, column 3. */
function body(...lines: string[]): string {
  return `proc main() {\n${lines.map((l) => `  ${l}\n`).join('')}}\n`;
}

describe('names and scopes', () => {
  it('reports an unknown variable', () => {
    expect(diags(body('var x: int := y;'))).toEqual([`2:17: unknown variable 'y'`]);
  });
  it('requires declaration before use, also in the own initializer', () => {
    expect(diags(body('var x: int := z;', 'var z: int := x;', 'var w: int := w;'))).toEqual([
      `2:17: unknown variable 'z'`,
      `4:17: unknown variable 'w'`,
    ]);
  });
  it('hides a block-local variable after its block', () => {
    expect(diags(body('if (true) { var t: int := 1; }', 't := 2;'))).toEqual([
      `3:3: 't' is not visible here: it was declared at line 2 inside a block that has ended`,
    ]);
  });
  it('reports a variable declared twice', () => {
    expect(diags(body('var x: int := 1;', 'var x: int := 2;'))).toEqual([
      `3:7: 'x' is already declared as a local variable at line 2`,
    ]);
  });
  it('keeps names unique per procedure even across blocks', () => {
    expect(diags(body('if (true) { var t: int := 1; }', 'var t: int := 2;'))).toEqual([
      `3:7: 't' is already declared as a local variable at line 2`,
    ]);
  });
  it('forbids a local with the name of a parameter', () => {
    expect(diags('proc p(a: int) {\n  var a: int := 1;\n}\n')).toEqual([
      `2:7: 'a' is already declared as a parameter at line 1`,
    ]);
  });
  it('forbids a return value with the name of a parameter', () => {
    expect(diags('proc p(a: int) returns (a: int) {\n}\n')).toEqual([
      `1:25: 'a' is already declared as a parameter at line 1`,
    ]);
  });
  it('forbids shadowing a global', () => {
    expect(diags('var g: int := 0;\nproc main() {\n  var g: int := 1;\n}\n')).toEqual([
      `3:7: 'g' is already declared as a global variable at line 1`,
    ]);
  });
  it('forbids a quantifier binder with the name of a local', () => {
    expect(diags(body('var i: int := 0;', 'assert forall i: int :: i == i;'))).toEqual([
      `3:17: 'i' is already declared as a local variable at line 2`,
    ]);
  });
  it('lets separate quantifiers reuse a binder name, but not a later local', () => {
    expect(
      diags(body('assert forall i: int :: i == i;', 'assert exists i: int :: i > 0;', 'var i: int := 0;')),
    ).toEqual([`4:7: 'i' is already declared as a quantified variable at line 2`]);
  });
  it('reports a binder used outside its quantifier', () => {
    expect(diags(body('assert forall i: int :: i == i;', 'assert i > 0;'))).toEqual([
      `3:10: 'i' is only bound inside the quantifier at line 2`,
    ]);
  });
  it('reports duplicate procedures, globals, and a global named like a procedure', () => {
    const src = 'proc p() {\n}\nproc p() {\n}\nvar g: int;\nvar g: int;\nvar p: int;\n';
    expect(diags(src)).toEqual([
      `3:6: 'p' is already declared as a procedure at line 1`,
      `6:5: 'g' is already declared as a global variable at line 5`,
      `7:5: 'p' is already declared as a procedure at line 1`,
    ]);
  });
  it('reports an unknown procedure and a procedure used as a variable', () => {
    expect(diags('proc f() {\n}\n' + body('g(1);', 'var x: int := f;'))).toEqual([
      `4:3: unknown procedure 'g'`,
      `5:17: 'f' is a procedure, not a variable`,
    ]);
  });
  it('lets globals initialize from earlier globals only, without calls', () => {
    const src =
      'var a: int := b;\nvar b: int := 1;\nvar c: int := b + 1;\nvar d: int := f();\n' +
      'proc f() returns (r: int) {\n}\n';
    expect(diags(src)).toEqual([`1:15: unknown variable 'b'`, `4:15: a global initializer cannot call a procedure`]);
  });
  it('allows assigning to parameters and globals', () => {
    expect(diags('var g: int := 0;\nproc p(a: int) {\n  a := a + 1;\n  g := a;\n}\n')).toEqual([]);
  });
  it('keeps requires clauses away from return values', () => {
    expect(diags('proc p() returns (r: int)\n  requires r > 0\n{\n}\n')).toEqual([
      `2:12: 'r' is a return value and cannot be used in requires`,
    ]);
  });
});

describe('types of operators and literals', () => {
  it('reports operands of different types', () => {
    expect(diags(body('var a: int := 1;', 'var b: u8 := 2;', 'var c := a + b;'))).toEqual([
      `4:12: cannot add int and u8: operands of '+' must have the same type (use 'as' to convert)`,
    ]);
  });
  it('gives a literal the type of the other operand, through literal-only parentheses', () => {
    expect(diags(body('var b: u8 := 2;', 'var c: u8 := b + (1 + 2);', 'var d: u8 := (3 * 4) - b;'))).toEqual([]);
  });
  it('reports a literal out of the range of its type', () => {
    expect(diags(body('var b: u8 := 2;', 'var c := b + 300;', 'var d: i8 := -128;', 'var e: i8 := -129;'))).toEqual([
      `3:16: literal 300 does not fit u8`,
      `5:16: literal -129 does not fit i8`,
    ]);
  });
  it('defaults a literal to int and makes a char literal u8', () => {
    expect(diags(body('var c := 5;', 'var d: u8 := c;', `var e: int := 'a';`))).toEqual([
      `3:16: cannot initialize 'd' of type u8 with a value of type int`,
      `4:17: cannot initialize 'e' of type int with a value of type u8`,
    ]);
  });
  it('restricts bit operations to bit-vectors', () => {
    expect(diags(body('var x := 1 & 2;'))).toEqual([
      `2:12: operator '&' needs bit-vector operands (i8…i64, u8…u64), not int`,
    ]);
  });
  it('restricts arithmetic and comparisons to numbers', () => {
    expect(diags(body('var x := true + 1;', 'assert 1 < false;'))).toEqual([
      `2:12: operator '+' needs int or bit-vector operands, not bool`,
      `3:14: operator '<' needs int or bit-vector operands, not bool`,
    ]);
  });
  it('compares only same-typed scalars for equality', () => {
    expect(diags(body('var a: int[] := [1];', 'assert a == a;', 'assert 1 != true;'))).toEqual([
      `3:10: cannot compare arrays with '=='`,
      `4:10: cannot compare int and bool: operands of '!=' must have the same type`,
    ]);
  });
  it('restricts logical operators to bool', () => {
    expect(diags(body('assert 1 ==> true;'))).toEqual([`2:10: operator '==>' needs bool operands, not int`]);
  });
  it('types unary operators', () => {
    expect(diags(body('var a := !1;', 'var b := ~2;', 'var c := -true;'))).toEqual([
      `2:12: operator '!' needs a bool operand, not int`,
      `3:12: operator '~' needs a bit-vector operand, not int`,
      `4:12: operator '-' needs an int or bit-vector operand, not bool`,
    ]);
  });
  it('types conditional expressions', () => {
    expect(diags(body('var a := 1 ? 2 : 3;', 'var b := true ? 2 : false;'))).toEqual([
      `2:12: the condition of '?:' must be bool, not int`,
      `3:12: the branches of '?:' must have the same type, not int and bool`,
    ]);
  });
  it('types indexing and length', () => {
    const lines = [
      'var a: int[] := [1, 2];',
      'var n: int := 3;',
      'var u: u8 := 0;',
      'var x := n[0];',
      'var y := a[u];',
      'var z := n.length;',
    ];
    expect(diags(body(...lines))).toEqual([
      `5:12: cannot index a value of type int: it is not an array`,
      `6:14: an array index must be int, not u8`,
      `7:12: '.length' needs an array, not int`,
    ]);
  });
  it('needs a declared type for an empty array literal', () => {
    expect(diags(body('var a: int[] := [];', 'var b := [];'))).toEqual([
      `3:12: cannot infer the type of an empty array literal (declare it, e.g. 'var a: int[] := [];')`,
    ]);
  });
  it('needs array elements of one type', () => {
    expect(diags(body('var a: u8[] := [1, 2];', 'var b := [1, true];'))).toEqual([
      `3:16: array elements must have the same type: expected int, found bool`,
    ]);
  });
  it('converts only between numeric types', () => {
    expect(diags(body('var a: u8 := 300 as u8;', 'var b := true as int;'))).toEqual([
      `3:12: cannot convert bool to int: 'as' converts only between int and bit-vector types`,
    ]);
  });
  it('reports all errors without cascades from unknown types', () => {
    expect(diags(body('var x := y + 1;', 'var z: bool := x;', 'var w: int := true;'))).toEqual([
      `2:12: unknown variable 'y'`,
      `4:17: cannot initialize 'w' of type int with a value of type bool`,
    ]);
  });
  it('reports a havoc without a type', () => {
    expect(diags(body('var x := *;'))).toEqual([
      `2:7: cannot infer the type of x: declare it, e.g. 'var x: int := *;'`,
    ]);
  });
  it('reports assignments of the wrong type', () => {
    expect(diags(body('var a: u8[] := [1];', 'var n: int := 0;', 'n := true;', 'a[0] := n;'))).toEqual([
      `4:8: cannot assign a value of type bool to 'n' of type int`,
      `5:11: cannot assign a value of type int to an array element of type u8`,
    ]);
  });
});

describe('conditions and specifications', () => {
  const cases: [string, string, string][] = [
    ['if', body('if (1) { }'), `2:7: the condition of 'if' must be bool, not int`],
    ['while', body('while (1) { }'), `2:10: the condition of 'while' must be bool, not int`],
    ['assert', body('assert 1;'), `2:10: the 'assert' formula must be bool, not int`],
    ['assume', body('assume 1;'), `2:10: the 'assume' formula must be bool, not int`],
    ['join', body('join 1;'), `2:8: the 'join' formula must be bool, not int`],
    ['invariant', body('while (true) invariant 1 { }'), `2:26: a loop invariant must be bool, not int`],
    ['requires', 'proc p()\n  requires 1\n{\n}\n', `2:12: a 'requires' clause must be bool, not int`],
    ['ensures', 'proc p()\n  ensures 1\n{\n}\n', `2:11: an 'ensures' clause must be bool, not int`],
  ];
  it.each(cases)('needs a bool %s', (_what, src, expected) => {
    expect(diags(src)).toEqual([expected]);
  });

  it('allows old in ensures, join formulas and the body, not in requires', () => {
    const src =
      'proc p(x: int)\n  requires old(x) > 0\n  ensures old(x) == x\n{\n  join old(x) == x;\n  assert old(x) == x;\n}\n';
    expect(diags(src)).toEqual([`2:12: 'old' is only allowed in procedure bodies, ensures clauses and join formulas`]);
  });
  it('old[l] names a label visible at that point: declared before, in an enclosing block, once', () => {
    const src = [
      'proc p(x: int)',
      '  ensures old[a](x) == x',
      '{',
      '  label a;',
      '  { label b; assert old[b](x) == old[a](x); }',
      '  assert old[b](x) == x;',
      '  assert old[c](x) == x;',
      '  label a;',
      '}',
    ].join('\n');
    expect(diags(src)).toEqual([
      "2:15: unknown label 'a' (a label is visible after its statement, in its block)",
      "6:14: label 'b' is not visible here: it was declared at line 5 inside a block that has ended",
      "7:14: unknown label 'c' (a label is visible after its statement, in its block)",
      "8:9: label 'a' is already declared at line 4",
    ]);
  });
  it('allows quantifiers in code and specifications, over scalars, with a bool body', () => {
    const lines = [
      'var b: bool := forall i: int :: i == i;',
      'assert exists k: int :: k + 1;',
      'assume forall a: int[] :: true;',
      'if (exists j: int :: j > 0) { b := false; }',
    ];
    expect(diags(body(...lines))).toEqual([
      `3:27: the body of 'exists' must be bool, not int`,
      `4:17: quantified variable 'a' must have a scalar type, not int[]`,
    ]);
  });
  it('refuses a quantifier in a global initializer', () => {
    expect(diags('var g: bool := forall i: int :: i == i;\nproc main() {}\n')).toEqual([
      `1:16: 'forall' is allowed only in procedures, functions and specifications (not in a global initializer or a synth grammar)`,
    ]);
  });
  it("refuses a quantifier over a class: Sym's references of every class share one sort", () => {
    expect(diags('class C {\n  var v: int;\n}\n' + body('assert forall c: C :: c == c;'))).toEqual([
      `5:17: quantified variable 'c' must have a scalar type, not C`,
    ]);
  });
});

describe('calls and returns', () => {
  const procs = 'proc one(a: int) returns (r: int) {\n}\nproc two() returns (r: int, s: u8) {\n}\nproc none() {\n}\n';
  /** Statements of main after the helper procedures (main's body starts on line 8). */
  const withProcs = (...lines: string[]) => diags(procs + body(...lines));

  it('checks arity and argument types', () => {
    expect(withProcs('var x: int := one(1, 2);', 'var u: u8 := 0;', 'var y: int := one(u);')).toEqual([
      `8:17: 'one' expects 1 argument but got 2`,
      `10:21: argument 1 of 'one' ('a') must have type int, not u8`,
    ]);
  });
  it('needs exactly one return value for a call on the right of :=', () => {
    expect(withProcs('var x: int := none();', 'var y := two();')).toEqual([
      `8:17: 'none' returns no value`,
      `9:12: 'two' returns 2 values: assign them all with 'a, b := two(…);'`,
    ]);
  });
  it('matches targets of a multi-assignment with the return values', () => {
    expect(
      withProcs('var a: int := 0;', 'var b: int := 0;', 'a, b := two();', 'a, b, a := two();', 'b, a := two();'),
    ).toEqual([
      `10:6: cannot assign return value 's' of type u8 to 'b' of type int`,
      `11:3: 'two' returns 2 values but 3 targets are assigned`,
      `12:6: cannot assign return value 's' of type u8 to 'a' of type int`,
    ]);
  });
  it('reports a target assigned twice by one call', () => {
    expect(withProcs('var a: int := 0;', 'var b: u8 := 0;', 'a, a := two();')).toEqual([
      `10:6: cannot assign return value 's' of type u8 to 'a' of type int`,
      `10:6: 'a' is assigned twice in the same call`,
    ]);
  });
  it('allows a call only as the whole right-hand side or as a statement', () => {
    expect(
      withProcs('var x: int := one(1) + 1;', 'assert one(2) > 0;', 'if (one(3) > 0) { }', 'none();', 'two();'),
    ).toEqual([
      `8:17: a procedure call must be the whole right-hand side of an assignment`,
      `9:10: a procedure call must be the whole right-hand side of an assignment`,
      `10:7: a procedure call must be the whole right-hand side of an assignment`,
    ]);
  });
  it('checks return statements against the return values', () => {
    const src =
      'proc p() returns (r: int) {\n  return true;\n}\nproc q() {\n  return 1;\n}\n' +
      'proc s() returns (a: int, b: int) {\n  return;\n}\n';
    expect(diags(src)).toEqual([
      `2:10: cannot return a value of type bool from 'p': its result 'r' has type int`,
      `5:3: 'return e;' needs a procedure with exactly one return value, but 'q' has 0`,
    ]);
  });
});

/** Every expression under a statement list (calls of procedures without one result have no type). */
function exprsOf(stmts: readonly Stmt[]): Expr[] {
  const out: Expr[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      x.forEach(visit);
      return;
    }
    if (x === null || typeof x !== 'object') return;
    const node = x as { kind?: string };
    if (
      node.kind &&
      'span' in node &&
      ![
        'block',
        'havoc',
        'if',
        'while',
        'varDecl',
        'assign',
        'callAssign',
        'assume',
        'assert',
        'join',
        'callStmt',
        'return',
      ].includes(node.kind)
    )
      out.push(x as Expr);
    for (const v of Object.values(x)) visit(v);
  };
  visit(stmts);
  return out;
}

describe('the checked program', () => {
  const src =
    'var g: u8 := 7;\nproc inc(a: int) returns (r: int) ensures r == old(a) + 1 {\n  r := a + 1;\n}\n' +
    body(
      'var b := g + 1;',
      'var x := inc(3);',
      'var arr := [b, 2];',
      'assert forall i: int :: i == i || x > 0;',
      'var y: u8 := arr[0] + (1 + 2);',
    );
  const { checked, diagnostics } = loadSource(src, 't.sym');

  it('exists for a clean program and types every expression', () => {
    expect(diagnostics).toEqual([]);
    if (!checked) throw new Error('not checked');
    for (const p of checked.procs.values()) {
      for (const e of [...exprsOf(p.body.stmts), ...p.requires, ...p.ensures]) {
        expect(checked.exprTypes.has(e), `${e.kind} at ${e.span.line}:${e.span.col}`).toBe(true);
      }
    }
  });
  it('records inferred declaration types, literal types and resolutions', () => {
    if (!checked) throw new Error('not checked');
    const main = checked.procs.get('main');
    const decls = main?.body.stmts.filter((s) => s.kind === 'varDecl') ?? [];
    const typeOfDecl = (name: string) => {
      const d = decls.find((s) => s.kind === 'varDecl' && s.name === name);
      const t = d && checked.declTypes.get(d as never);
      return t && typeName(t);
    };
    expect([typeOfDecl('b'), typeOfDecl('x'), typeOfDecl('arr'), typeOfDecl('y')]).toEqual(['u8', 'int', 'u8[]', 'u8']);
    const literalTypes = exprsOf(main?.body.stmts ?? [])
      .filter((e) => e.kind === 'intLit')
      .map((e) => `${(e as { value: bigint }).value}:${typeName(checked.exprTypes.get(e) as Type)}`);
    expect(literalTypes).toEqual(['1:u8', '3:int', '2:u8', '0:int', '0:int', '1:u8', '2:u8']);
    const gRef = exprsOf(main?.body.stmts ?? []).find((e) => e.kind === 'var' && e.name === 'g');
    expect(gRef && checked.resolution.get(gRef)).toBe(checked.globals[0]);
  });
});

describe('debugger expressions', () => {
  const xDecl = { name: 'x', type: U8, span: { line: 1, col: 1, endLine: 1, endCol: 2 } };
  const env = (spec: boolean) => ({
    lookup: (name: string) => (name === 'x' ? { type: U8, decl: xDecl } : undefined),
    spec,
  });
  const typeIn = (text: string, spec: boolean) => {
    const parsed = parseExpression(text, '<repl>');
    if (!parsed.expr) throw new Error(`does not parse: ${text}`);
    return checkExpression(parsed.expr, env(spec), '<repl>');
  };

  it('types an expression over the frame and resolves its names', () => {
    const r = typeIn('x + 1', false);
    expect(r.diagnostics).toEqual([]);
    expect(r.type).toEqual(U8);
    expect([...r.resolution.values()]).toEqual([xDecl]);
  });
  it('allows quantifiers and old only when asked, and reports unknown names', () => {
    expect(typeIn('forall i: int :: i >= 0', true).type).toEqual({ kind: 'bool' });
    expect(typeIn('old(x) as int', true).type).toEqual(INT);
    const r = typeIn('forall i: int :: i >= y', false);
    expect(r.type).toBeUndefined();
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      `'forall' is allowed only in procedures, functions and specifications (not in a global initializer or a synth grammar)`,
      `unknown variable 'y'`,
    ]);
  });
  it('refuses a binder that shadows a frame variable', () => {
    expect(typeIn('exists x: int :: x > 0', true).diagnostics.map((d) => d.message)).toEqual([
      `'x' is already declared as a variable at line 1`,
    ]);
  });
});

describe('samples', () => {
  const root = join(__dirname, '../../samples');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sym'));
  it('exist', () => expect(files.length).toBeGreaterThan(0));
  it.each(files)('%s checks clean', (f) => {
    const r = loadSource(readFileSync(join(root, f), 'utf8'), f);
    expect(r.diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`)).toEqual([]);
    expect(r.checked).toBeDefined();
  });
});

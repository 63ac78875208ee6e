// The checker's rules for objects and permissions (docs/language.md, "Objects and
// permissions"), through the real parser: one test per rule, each with the exact position
// and message, and the side tables a heap program leaves for the engine.

import { describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { typeName } from '../../src/lang/types';
import { readSample, sampleFiles, SAMPLES_DIR } from '../support/samples';
import { join } from 'node:path';

const CELL = 'class Cell {\n  var x: int;\n  var next: Cell;\n}\n';
const VALID = 'predicate valid(c: Cell) {\n  acc(c.x)\n}\n';
const GETX = 'function getX(c: Cell): int\n  requires valid(c)\n{\n  unfolding valid(c) in c.x\n}\n';
/** Lines 1–13 hold the class, the predicate and the function; the tested text starts at line 14. */
const PRELUDE = `${CELL}${VALID}${GETX}\n`;

function diags(source: string): string[] {
  return loadSource(source, 't.sym').diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`);
}

/** `proc main()` after the prelude; its statements are on lines 15, 16, … at column 3. */
function body(...lines: string[]): string {
  return `${PRELUDE}proc main() {\n${lines.map((l) => `  ${l}\n`).join('')}}\n`;
}

describe('every heap sample type-checks', () => {
  for (const file of sampleFiles(join(SAMPLES_DIR, 'heap'))) {
    const sample = readSample(file);
    it(sample.name, () => expect(diags(sample.source)).toEqual([]));
  }
});

describe('classes, fields and references', () => {
  it('accepts objects, field reads and writes, null and new', () => {
    expect(
      diags(
        body(
          'var c: Cell := new Cell;',
          'c.x := 5;',
          'c.next := null;',
          'var d: Cell := c.next;',
          'c.next := new Cell;',
          'c.next.x := c.x + 1;',
          'assert c != null && d == null;',
        ),
      ),
    ).toEqual([]);
  });
  it('reports unknown classes and fields, and duplicate fields', () => {
    const src =
      'class A {\n  var f: int;\n  var f: bool;\n  var g: B;\n}\n' +
      'proc main(a: A) {\n  var x: int := a.h;\n  var y: C;\n}\n';
    expect(diags(src)).toEqual([
      `3:7: class A already has a field 'f' (line 2)`,
      `4:3: unknown class 'B'`,
      `7:19: class A has no field 'h'`,
      `8:7: unknown class 'C'`,
    ]);
  });
  it('reports a field read on a value that is not an object', () => {
    expect(diags(body('var i: int := 3;', 'var y: int := i.x;'))).toEqual([
      `16:17: cannot read field 'x' of a value of type int: it is not an object`,
    ]);
  });
  it('infers the class of null from the context, and reports null without one', () => {
    expect(diags(body('var c: Cell := null;', 'assert null == c;', 'var d := null;', 'assert null == null;'))).toEqual([
      `17:12: cannot infer the class of null: compare or assign it to a reference (e.g. 'c == null')`,
      `18:10: cannot infer the class of null: compare or assign it to a reference (e.g. 'c == null')`,
      `18:18: cannot infer the class of null: compare or assign it to a reference (e.g. 'c == null')`,
    ]);
  });
  it('keeps new a whole right-hand side', () => {
    expect(diags(body('var c: Cell := new Cell;', 'assert new Cell != c;', 'var d: Cell := new Nope;'))).toEqual([
      `16:10: 'new' must be the whole right-hand side of an assignment or declaration`,
      `17:22: unknown class 'Nope'`,
    ]);
  });
  it('gives references no order, arithmetic or conversion, and compares only the same class', () => {
    const src =
      'class D {\n}\n' + body('var c: Cell := new Cell;', 'var d: D := new D;', 'assert c < c;', 'assert c == d;');
    expect(diags(src).map((d) => d.replace(/^\d+:\d+: /, ''))).toEqual([
      `operator '<' needs int or bit-vector operands, not Cell`,
      `cannot compare Cell and D: operands of '==' must have the same type`,
    ]);
  });
  it('reads .length as a field of an object whose class has one', () => {
    const src =
      'class L {\n  var length: int;\n}\nproc main(l: L) returns (n: int)\n  requires acc(l.length)\n{\n  n := l.length;\n}\n';
    expect(diags(src)).toEqual([]);
  });
  it('records the types of field reads for the engine', () => {
    const r = loadSource(body('var c: Cell := new Cell;', 'var n: Cell := c.next;'), 't.sym');
    expect([...r.checked!.classes.keys()]).toEqual(['Cell']);
    const types = [...r.checked!.exprTypes.entries()].filter(([e]) => e.kind === 'field').map(([, t]) => typeName(t));
    expect(types).toEqual(['int', 'int', 'Cell']); // c.x in valid and getX, then c.next
  });
});

describe('where permissions may appear', () => {
  it('accepts acc and predicates under &&, the right of ==>, ?: branches and untouched in ensures', () => {
    const src =
      `${PRELUDE}proc p(c: Cell, d: Cell, b: bool)\n` +
      '  requires acc(c.x) && (b ==> valid(d)) && (b ? acc(d.next) : true)\n' +
      '  ensures acc(c.x) && untouched(acc(c.x)) && c.x == old(c.x)\n{\n}\n';
    expect(diags(src)).toEqual([]);
  });
  it('reports permissions under ||, !, the left of ==>, quantifiers and old', () => {
    const src =
      `${PRELUDE}proc p(c: Cell)\n` +
      '  requires acc(c.x) || c == null\n' +
      '  requires !valid(c)\n' +
      '  requires acc(c.next) ==> c.x > 0\n' +
      '  requires forall i: int :: valid(c)\n' +
      '  ensures old(acc(c.x))\n{\n}\n';
    expect(diags(src)).toEqual([
      `15:12: permissions may not appear under '||'`,
      `16:13: permissions may not appear under '!'`,
      `17:12: permissions may not appear on the left of '==>'`,
      `18:29: permissions may not appear under a quantifier`,
      `19:15: permissions may not appear under 'old(…)'`,
    ]);
  });
  it('keeps permissions out of code, assume and function bodies', () => {
    const src =
      body('var c: Cell := new Cell;', 'if (acc(c.x)) {', '}', 'assume valid(c);', 'var b: bool := valid(c);') +
      'function f(c: Cell): bool\n{\n  acc(c.x)\n}\n';
    expect(diags(src)).toEqual([
      `16:7: permissions may not appear in code (only in requires, ensures, invariants, assert, join and predicate bodies)`,
      `18:10: assume may not mention permissions`,
      `19:18: permissions may not appear in code (only in requires, ensures, invariants, assert, join and predicate bodies)`,
      `23:3: permissions may not appear in a function body (its requires may hold them)`,
    ]);
  });
  it('allows permissions in assert, invariants and join formulas', () => {
    expect(
      diags(
        body(
          'var c: Cell := new Cell;',
          'assert acc(c.x) && c.x == 0;',
          'while (c.x < 3)',
          '  invariant acc(c.x)',
          '{',
          '  c.x := c.x + 1;',
          '}',
          'join acc(c.x);',
        ),
      ),
    ).toEqual([]);
  });
  it('allows untouched only in ensures', () => {
    const src = `${PRELUDE}proc p(c: Cell)\n  requires valid(c) && untouched(valid(c))\n{\n}\n`;
    expect(diags(src)).toEqual([`15:24: 'untouched' may only appear in ensures clauses`]);
  });
  it('needs a field access inside acc', () => {
    expect(diags(`${PRELUDE}proc p(c: Cell)\n  requires acc(c)\n{\n}\n`)).toEqual([
      `15:16: 'acc' needs a field access such as 'acc(c.x)'`,
    ]);
  });
});

describe('predicates, functions, fold and unfold', () => {
  it('checks fold, unfold and unfolding name a predicate with fitting arguments', () => {
    expect(
      diags(
        body(
          'var c: Cell := new Cell;',
          'fold valid(c);',
          'unfold getX(c);',
          'fold valid(c, c);',
          'var y: int := unfolding valid(3) in c.x;',
        ),
      ),
    ).toEqual([
      `17:10: 'getX' is not a predicate`,
      `18:8: predicate 'valid' expects 1 argument but got 2`,
      `19:33: argument 1 of 'valid' ('c') must have type Cell, not int`,
    ]);
  });
  it('uses functions as expressions in code and specs, never as statements', () => {
    expect(
      diags(body('var c: Cell := new Cell;', 'var v: int := getX(c) + getX(c);', 'getX(c);', 'valid(c);')),
    ).toEqual([
      `17:3: 'getX' is a function, not a procedure: use its value in an expression`,
      `18:3: 'valid' is a predicate, not a procedure: use it with fold, unfold or in an assertion`,
    ]);
  });
  it('checks a function body against its result type', () => {
    expect(diags(`${PRELUDE}function f(c: Cell): bool\n  requires acc(c.x)\n{\n  c.x\n}\n`)).toEqual([
      `17:3: the body of 'f' has type int, but the function returns bool`,
    ]);
  });
  it('requires recursive calls of functions to lie inside unfolding (termination)', () => {
    const src =
      `${PRELUDE}function bad(c: Cell): int\n  requires valid(c)\n{\n  bad(c) + later(c)\n}\n` +
      'function later(c: Cell): int\n  requires valid(c)\n{\n  unfolding valid(c) in bad(c) + later(c) + getX(c)\n}\n';
    expect(diags(src)).toEqual([
      `17:3: recursive call outside 'unfolding' may not terminate: 'bad' is not declared before 'bad'`,
      `17:12: recursive call outside 'unfolding' may not terminate: 'later' is not declared before 'bad'`,
    ]);
  });
  it('keeps top-level names distinct across classes, predicates, functions, procedures and globals', () => {
    const src = `${PRELUDE}proc valid() {\n}\nvar getX: int;\nclass Cell {\n}\n`;
    expect(diags(src)).toEqual([
      `14:6: 'valid' is already declared as a predicate at line 5`,
      `16:5: 'getX' is already declared as a function at line 8`,
      `17:7: 'Cell' is already declared as a class at line 1`,
    ]);
  });
});

describe('deep nesting', () => {
  it('the placement pass copes with very deep expressions and blocks', () => {
    // 450 levels: under the front end's nesting limit (500), so every pass runs.
    const deep = `${'('.repeat(450)}acc(c.x) || true${')'.repeat(450)}`;
    const expr = loadSource(`${PRELUDE}proc p(c: Cell)\n  requires ${deep}\n{\n}\n`, 't.sym');
    expect(expr.diagnostics.map((d) => d.message)).toContain(`permissions may not appear under '||'`);
    // Past the limit the front end says so before the placement pass runs.
    const deeper = `${'('.repeat(3000)}acc(c.x) || true${')'.repeat(3000)}`;
    const refused = loadSource(`${PRELUDE}proc p(c: Cell)\n  requires ${deeper}\n{\n}\n`, 't.sym');
    expect(refused.diagnostics.map((d) => d.message).join('\n')).toMatch(/nesting deeper than 500/);
  });
});

describe('debugger expressions', () => {
  it("type field reads and function calls against the program's classes", async () => {
    const { checkExpression } = await import('../../src/lang/checker');
    const { parseExpression } = await import('../../src/lang/parser');
    const { heapEnvOf } = await import('../../src/lang/heapEnv');
    const checked = loadSource(body('var c: Cell := new Cell;'), 't.sym').checked!;
    const c = checked.program.decls.find((d) => d.kind === 'proc')!;
    const decl = c.kind === 'proc' ? c.body.stmts[0] : undefined;
    const env = {
      lookup: (n: string) =>
        n === 'c' && decl?.kind === 'varDecl' ? { type: checked.declTypes.get(decl)!, decl } : undefined,
      spec: true,
      heap: heapEnvOf(checked.program),
    };
    const typeOf = (text: string) => {
      const r = checkExpression(parseExpression(text, 'w').expr!, env, 'w');
      return r.diagnostics.length > 0 ? r.diagnostics.map((d) => d.message).join('; ') : typeName(r.type!);
    };
    expect(typeOf('c.x + getX(c)')).toBe('int');
    expect(typeOf('c.next')).toBe('Cell');
    expect(typeOf('c.nope')).toBe(`class Cell has no field 'nope'`);
  });
});

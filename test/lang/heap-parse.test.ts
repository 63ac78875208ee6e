// Parser tests for objects and permissions: every heap sample parses, the new forms have the
// shapes and spans they should, and malformed heap syntax gets one precise error.

import { describe, expect, it } from 'vitest';
import { parse, parseExpression } from '../../src/lang/parser';
import { readSample, sampleFiles, SAMPLES_DIR } from '../support/samples';
import { join } from 'node:path';

describe('heap samples parse', () => {
  for (const file of sampleFiles(join(SAMPLES_DIR, 'heap'))) {
    const sample = readSample(file);
    it(sample.name, () => {
      const r = parse(sample.source, sample.name);
      expect(r.diagnostics).toEqual([]);
    });
  }
});

/** `line:col: message` of the one syntax error of `source`. */
function syntaxError(source: string): string {
  const r = parse(source, 'f.sym');
  expect(r.program).toBeUndefined();
  return r.diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`).join('\n');
}

describe('heap syntax errors', () => {
  it.each([
    ['proc main() { fold 3; }', "1:20: unexpected '3'; expected 'acc' or an identifier"],
    ['class C { var x int; }', "1:17: unexpected 'int'; expected ':'"],
    ['class C { x: int; }', "1:11: unexpected 'x'; expected '}' or 'var'"],
    ['proc main() { x := new 3; }', "1:24: unexpected '3'; expected an identifier"],
    ['proc main() { x := acc(); }', "1:24: unexpected ')'; expected an expression"],
    ['predicate p() { }', "1:17: unexpected '}'; expected an expression"],
    ['function f() { 1 }', "1:14: unexpected '{'; expected ':'"],
    [
      'function f(): int { 1 } }',
      "1:25: unexpected '}'; expected 'var', 'class', 'predicate', 'function', 'synth' or 'proc'",
    ],
    ['proc main() { x := unfolding p(x) 3; }', "1:35: unexpected '3'; expected 'in'"],
    ['proc main() { var in: int; }', "1:19: unexpected 'in'; expected an identifier"],
  ])('%s', (source, expected) => {
    expect(syntaxError(source)).toBe(expected);
  });
});

describe('shapes of the heap forms', () => {
  it('parses field chains, writes through fields and array fields', () => {
    const p = parse('proc main() {\n  a.b.c := l.items[i];\n  l.items[i] := x;\n}\n', 'f.sym').program!;
    const body = p.decls[0].kind === 'proc' ? p.decls[0].body.stmts : [];
    expect(body[0]).toMatchObject({
      kind: 'assign',
      target: { kind: 'field', field: 'c', object: { kind: 'field', field: 'b', object: { kind: 'var', name: 'a' } } },
      value: { kind: 'index', array: { kind: 'field', field: 'items' } },
    });
    expect(body[1]).toMatchObject({
      target: { kind: 'index', array: { kind: 'field', object: { name: 'l' }, field: 'items' } },
    });
  });
  it('keeps .length a length node and gives field reads exact spans', () => {
    const e = parseExpression('a.length + c.next.x', 'w').expr!;
    expect(e).toMatchObject({
      left: { kind: 'length' },
      right: {
        kind: 'field',
        field: 'x',
        fieldSpan: { line: 1, col: 19, endLine: 1, endCol: 20 },
        span: { line: 1, col: 12, endLine: 1, endCol: 20 },
      },
    });
  });
  it('lets the body of unfolding extend as far right as possible', () => {
    const e = parseExpression('unfolding valid(c) in c.x + 1 == 2', 'w').expr!;
    expect(e).toMatchObject({ kind: 'unfolding', pred: { callee: 'valid' }, body: { kind: 'binary', op: '==' } });
    expect(parseExpression('1 + unfolding p(c) in c.x', 'w').expr).toMatchObject({
      kind: 'binary',
      op: '+',
      right: { kind: 'unfolding' },
    });
  });
  it('parses declarations of classes, predicates and functions', () => {
    const src =
      'class C {\n}\npredicate q(c: C) {\n  c != null\n}\nfunction f(c: C): int\n  requires q(c)\n  requires acc(c.x)\n{\n  1\n}\n';
    const decls = parse(src, 'f.sym').program!.decls;
    expect(decls.map((d) => d.kind)).toEqual(['class', 'predicate', 'function']);
    expect(decls[2]).toMatchObject({
      name: 'f',
      result: { kind: 'int' },
      requires: [{ kind: 'call' }, { kind: 'acc' }],
      body: { value: 1n },
    });
    expect(decls[1]).toMatchObject({ params: [{ name: 'c', type: { kind: 'ref', className: 'C' } }] });
  });
});

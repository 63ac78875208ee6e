// The concrete interpreter on whole programs: every failure kind at its exact line, the
// assume/requires outcomes, old(), recursion, array copy semantics, havoc inputs by name,
// fuel and call-depth limits, and entry resolution. Real parser and checker throughout.

import { describe, expect, test } from 'vitest';
import type { Inputs } from '../../src/engine/concrete/inputs';
import { runConcrete, type ConcreteOptions, type ConcreteResult } from '../../src/engine/concrete/interpreter';
import { arrayValue } from '../../src/engine/concrete/values';
import { resolveEntry } from '../../src/engine/verify/entry';
import type { CheckedProgram } from '../../src/lang/checked';
import { loadSource } from '../../src/lang/frontend';

/** Source from lines, so each test can name the line numbers it expects. */
function program(...lines: string[]): CheckedProgram {
  const loaded = loadSource(lines.join('\n'), 'test.sym');
  expect(loaded.diagnostics.map((d) => `${d.span.line}: ${d.message}`)).toEqual([]);
  return loaded.checked!;
}

function run(
  checked: CheckedProgram,
  inputs: Record<string, unknown> = {},
  opts?: ConcreteOptions & { entry?: string },
): ConcreteResult {
  const entry = resolveEntry(checked, opts?.entry);
  expect(entry.error).toBeUndefined();
  return runConcrete(checked, entry.proc!, new Map(Object.entries(inputs)) as Inputs, opts);
}

describe('failures stop the run at their line', () => {
  test('assert', () => {
    const p = program('proc main(x: int) {', '  var y: int := x + 1;', '  assert y > 5;', '  y := 0;', '}');
    const r = run(p, { x: 3n });
    expect(r.status).toBe('failed');
    expect(r.failure).toMatchObject({ kind: 'assert', message: 'y > 5', span: { line: 3, col: 3 } });
    expect(r.store.get('y')).toBe(4n);
    expect(r.trace).toEqual([2, 3]);
    expect(run(p, { x: 5n }).status).toBe('ok');
  });

  test('division and remainder by zero', () => {
    const p = program('proc main(a: u8, b: u8) returns (r: u8) {', '  r := a / 2;', '  r := r % b;', '}');
    const r = run(p, { a: 10n, b: 0n });
    expect(r.failure).toMatchObject({ kind: 'div-by-zero', message: 'r % b', span: { line: 3, col: 8 } });
    expect(r.store.get('r')).toBe(5n);
    expect(run(p, { a: 10n, b: 3n }).store.get('r')).toBe(2n);
  });

  test('index out of bounds when reading and when writing', () => {
    const p = program(
      'proc main(i: int) returns (r: int) {',
      '  var a: int[] := [10, 20, 30];',
      '  r := a[i];',
      '  a[i + 1] := 5;',
      '}',
    );
    expect(run(p, { i: 3n }).failure).toMatchObject({ kind: 'out-of-bounds', message: 'a[i]', span: { line: 3 } });
    expect(run(p, { i: -1n }).failure).toMatchObject({ kind: 'out-of-bounds', span: { line: 3 } });
    const w = run(p, { i: 2n });
    expect(w.failure).toMatchObject({ kind: 'out-of-bounds', message: 'a[i + 1]', span: { line: 4 } });
    expect(w.message).toBe('index 3 is outside [0, 3)');
    expect(w.store.get('r')).toBe(30n);
  });

  test('a callee precondition fails at the call statement', () => {
    const p = program(
      'proc half(n: int) returns (h: int)',
      '  requires n % 2 == 0',
      '{ h := n / 2; }',
      'proc main(x: int) {',
      '  var a: int := 1;',
      '  var b: int := half(x);',
      '}',
    );
    const r = run(p, { x: 3n });
    expect(r.failure).toMatchObject({ kind: 'precondition', message: 'n % 2 == 0', span: { line: 6, col: 3 } });
    expect(run(p, { x: 4n }).store.get('b')).toBe(2n);
  });

  test('a postcondition fails at its ensures clause, and old() reads the entry values', () => {
    const p = program(
      'var g: int;',
      'proc bump(x: int) returns (y: int)',
      '  ensures y == old(x) + 1',
      '  ensures g == old(g) + 1',
      '{',
      '  x := x + 1;',
      '  y := x;',
      '  if (x != 7) { g := g + 1; }',
      '}',
      'proc main(x: int) { var r: int := bump(x); assert r == x + 1; }',
    );
    expect(run(p, { x: 1n, g: 10n }).status).toBe('ok');
    expect(run(p, { x: 1n, g: 10n }).globals.get('g')).toBe(11n);
    const r = run(p, { x: 6n, g: 10n });
    expect(r.failure).toMatchObject({ kind: 'postcondition', message: 'g == old(g) + 1', span: { line: 4, col: 11 } });
  });

  test('the entry ensures is checked too', () => {
    const p = program('proc main(a: int) returns (m: int)', '  ensures m > a', '{ m := a; }');
    expect(run(p, { a: 1n }).failure).toMatchObject({ kind: 'postcondition', span: { line: 2 } });
  });

  test('a loop invariant fails on entry or after an iteration', () => {
    const p = program(
      'proc main(n: int) {',
      '  var i: int := 0;',
      '  while (i < n)',
      '    invariant i <= 3',
      '  {',
      '    i := i + 1;',
      '  }',
      '}',
    );
    expect(run(p, { n: 3n }).status).toBe('ok');
    const r = run(p, { n: 5n });
    expect(r.failure).toMatchObject({ kind: 'invariant', message: 'i <= 3', span: { line: 4, col: 15 } });
    expect(r.store.get('i')).toBe(4n);
    const q = program('proc main(n: int) {', '  while (n > 0) invariant n < 10 { n := n - 1; }', '}');
    expect(run(q, { n: 12n }).failure).toMatchObject({ kind: 'invariant', span: { line: 2 } });
    expect(run(q, { n: 12n }).trace).toEqual([2]);
  });

  test('join with a false formula fails; plain join does nothing', () => {
    const p = program('proc main(x: int) {', '  join;', '  join x > 0;', '  assert x > 0;', '}');
    expect(run(p, { x: 0n }).failure).toMatchObject({ kind: 'join', message: 'x > 0', span: { line: 3 } });
    expect(run(p, { x: 1n }).status).toBe('ok');
  });
});

describe('assumptions', () => {
  test('the entry requires and assume reject inputs instead of failing', () => {
    const p = program('proc main(x: int)', '  requires x >= 0', '{', '  assume x != 5;', '  assert x != 5;', '}');
    expect(run(p, { x: -1n }).status).toBe('assumeFailed');
    const r = run(p, { x: 5n });
    expect(r.status).toBe('assumeFailed');
    expect(r.message).toContain('line 4');
    expect(r.failure).toBeUndefined();
    expect(run(p, { x: 6n }).status).toBe('ok');
  });
});

describe('procedures', () => {
  test('recursion: factorial', () => {
    const p = program(
      'proc fact(n: int) returns (r: int)',
      '  requires n >= 0',
      '{',
      '  if (n == 0) { r := 1; } else { r := fact(n - 1); r := n * r; }',
      '}',
      'proc main(n: int) returns (f: int) { f := fact(n); }',
    );
    expect(run(p, { n: 20n }).store.get('f')).toBe(2432902008176640000n);
    expect(run(p, { n: 30n }).store.get('f')).toBe(265252859812191058636308480000000n);
  });

  test('deep recursion is cut off by the call depth, not the host stack', () => {
    const p = program(
      'proc down(n: int) returns (r: int) { if (n > 0) { r := down(n - 1); } }',
      'proc main(n: int) { var r: int := down(n); }',
    );
    expect(run(p, { n: 900n }).status).toBe('ok');
    const r = run(p, { n: 5000n });
    expect(r.status).toBe('outOfFuel');
    expect(r.message).toContain('call depth');
    expect(run(p, { n: 50n }, { callDepth: 10 }).status).toBe('outOfFuel');
  });

  test('several return values and early return', () => {
    const p = program(
      'proc divmod(a: int, b: int) returns (q: int, m: int) {',
      '  if (b == 0) { return; }',
      '  q := a / b; m := a % b;',
      '}',
      'proc main(a: int, b: int) returns (q: int, m: int) { q, m := divmod(a, b); }',
    );
    const r = run(p, { a: -17n, b: 5n });
    expect([r.store.get('q'), r.store.get('m')]).toEqual([-3n, -2n]);
    expect(run(p, { a: 1n, b: 0n }).store.get('q')).toBe(0n);
  });

  test('entry resolution: --entry, else main, else the first procedure', () => {
    const p = program('proc a() {}', 'proc main() {}', 'proc b() {}');
    expect(resolveEntry(p).proc?.name).toBe('main');
    expect(resolveEntry(p, 'b').proc?.name).toBe('b');
    expect(resolveEntry(p, 'zz').error).toBe('no procedure named zz (procedures: a, main, b)');
    expect(resolveEntry(program('proc a() {}', 'proc b() {}')).proc?.name).toBe('a');
  });
});

describe('arrays are values', () => {
  test('assignment copies, so writes through one name do not change the other', () => {
    const p = program(
      'proc set(a: int[]) { a[0] := 99; }',
      'proc main(a: int[]) returns (b: int[], n: int) {',
      '  b := a;',
      '  b[1] := 7;',
      '  set(a);',
      '  n := a.length;',
      '}',
    );
    const r = run(p, { a: arrayValue([1n, 2n, 3n]) });
    expect(r.status).toBe('ok');
    expect(r.store.get('a')).toEqual(arrayValue([1n, 2n, 3n]));
    expect(r.store.get('b')).toEqual(arrayValue([1n, 7n, 3n]));
    expect(r.store.get('n')).toBe(3n);
  });

  test('nested arrays and the guard of && protect an access', () => {
    const p = program(
      'proc main(i: int) returns (m: int[][], ok: bool) {',
      '  m := [[1, 2], [3]];',
      '  m[0][1] := 5;',
      '  ok := i < m.length && m[i].length > 1;',
      '}',
    );
    const r = run(p, { i: 2n });
    expect(r.status).toBe('ok');
    expect(r.store.get('m')).toEqual(arrayValue([arrayValue([1n, 5n]), arrayValue([3n])]));
    expect(r.store.get('ok')).toBe(false);
  });
});

describe('havoc inputs', () => {
  test('named x@L, with #n on later executions in a loop', () => {
    const p = program(
      'proc main() returns (s: int) {',
      '  var i: int := 0;',
      '  while (i < 3) {',
      '    var x: int;',
      '    s := s + x;',
      '    i := i + 1;',
      '  }',
      '  var y: u8 := *;',
      '  y := *;',
      '}',
    );
    const r = run(p, { 'x@4': 1n, 'x@4#2': 10n, 'x@4#3': 100n, 'y@8': 7n });
    expect(r.store.get('s')).toBe(111n);
    expect(r.store.get('y')).toBe(0n); // y@9 missing: default
    expect(run(p, { 'x@4#3': 5n, 'y@9': 3n }).store.get('y')).toBe(3n);
    expect(run(p, { 'x@4#3': 5n }).store.get('s')).toBe(5n);
  });

  test('array elements and globals', () => {
    const p = program(
      'var g: u8;',
      'var h: int := 4;',
      'proc main() returns (a: int[]) {',
      '  a := [0, 0];',
      '  a[1] := *;',
      '}',
    );
    const r = run(p, { 'a@5': 42n, g: 9n });
    expect(r.store.get('a')).toEqual(arrayValue([0n, 42n]));
    expect(r.globals).toEqual(
      new Map([
        ['g', 9n],
        ['h', 4n],
      ]),
    );
  });
});

describe('trace', () => {
  test('one line per executed statement; a loop head once per test', () => {
    const p = program(
      'proc main() returns (i: int) {',
      '  i := 0;',
      '  while (i < 2) {',
      '    i := i + 1;',
      '  }',
      '  if (i == 0) { i := 5; } else if (i == 2) {',
      '    i := 7; }',
      '}',
    );
    const r = run(p);
    expect(r.trace).toEqual([2, 3, 4, 3, 4, 3, 6, 6, 7]);
    expect(r.store.get('i')).toBe(7n);
  });
});

describe('limits and unsupported', () => {
  test('an infinite loop runs out of fuel', () => {
    const p = program('proc main() {', '  var i: int := 0;', '  while (true) { i := i + 1; }', '}');
    const r = run(p, {}, { fuel: 101 });
    expect(r.status).toBe('outOfFuel');
    expect(r.trace).toHaveLength(101);
    expect(r.store.get('i')).toBe(50n);
  });

  test('a quantifier cannot be evaluated concretely', () => {
    const p = program('proc main(x: int) {', '  assert forall k: int :: k * k >= 0;', '}');
    expect(run(p, { x: 1n })).toMatchObject({ status: 'unsupported' });
  });
});

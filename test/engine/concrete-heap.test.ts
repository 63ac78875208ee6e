// The concrete interpreter on objects (seed 002's model): new with defaults, field reads and
// writes, aliasing, null dereference as a run-time failure, functions and predicates
// evaluated, old and untouched over the heap, array fields, reference inputs (with their
// errors), `symdap run --inputs` end to end, and every heap sample. Real parser and checker.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';
import { parseInputs } from '../../src/engine/concrete/inputs';
import { inputTypesOf } from '../../src/engine/concrete/havoc';
import { runConcrete, type ConcreteResult } from '../../src/engine/concrete/interpreter';
import { formatValue, type ConcreteValue } from '../../src/engine/concrete/values';
import { resolveEntry } from '../../src/engine/verify/entry';
import type { CheckedProgram } from '../../src/lang/checked';
import { loadSource } from '../../src/lang/frontend';
import { readSample, sampleFiles, SAMPLES_DIR } from '../support/samples';

const CELL = ['class Cell {', '  var x: int;', '  var next: Cell;', '  var items: int[];', '}'];

/** Source from lines (the class Cell on lines 1–5), so each test can name its line numbers. */
function program(...lines: string[]): CheckedProgram {
  const loaded = loadSource([...CELL, ...lines].join('\n'), 'test.sym');
  expect(loaded.diagnostics.map((d) => `${d.span.line}: ${d.message}`)).toEqual([]);
  return loaded.checked!;
}

/** Runs the entry with inputs in the input-file format (JSON values, references as {"@": n}). */
function run(checked: CheckedProgram, json: Record<string, unknown> = {}, entry?: string): ConcreteResult {
  const proc = resolveEntry(checked, entry).proc!;
  const parsed = parseInputs(json, inputTypesOf(checked, proc), checked.classes);
  expect(parsed.error).toBeUndefined();
  return runConcrete(checked, proc, parsed.inputs!, { objects: parsed.objects });
}

/** `@1.x = 5`-style view of the final heap. */
function fields(r: ConcreteResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, o] of r.heap) for (const [f, v] of o.fields) out[`@${id}.${f}`] = formatValue(v);
  return out;
}

const show = (v: ConcreteValue | undefined): string => (v === undefined ? 'undefined' : formatValue(v));

/** A predicate and a function over it, shared by the tests below. */
const P = [
  'predicate valid(c: Cell) {',
  '  acc(c.x) && c.x >= 0',
  '}',
  'function getX(c: Cell): int',
  '  requires valid(c)',
  '{',
  '  unfolding valid(c) in c.x',
  '}',
];

describe('objects', () => {
  test('new gives every field its default; writes and reads go through the object', () => {
    const r = run(
      program(
        'proc main() returns (a: int, b: bool) {',
        '  var c: Cell := new Cell;',
        '  var d: Cell := c;',
        '  d.x := 7;',
        '  a := c.x;',
        '  b := c.next == null && c.items.length == 0;',
        '}',
      ),
    );
    expect(r.status).toBe('ok');
    expect([show(r.store.get('a')), show(r.store.get('b')), show(r.store.get('c'))]).toEqual(['7', 'true', '@1']);
    expect(fields(r)).toEqual({ '@1.x': '7', '@1.next': 'null', '@1.items': '[]' });
  });

  test('chains of fields and writes into array fields', () => {
    const r = run(
      program(
        'proc main() {',
        '  var c: Cell := new Cell;',
        '  c.next := new Cell;',
        '  c.next.x := 3;',
        '  c.items := [1, 2, 3];',
        '  c.items[1] := c.next.x;',
        '}',
      ),
    );
    expect(r.status).toBe('ok');
    expect(fields(r)).toMatchObject({ '@1.next': '@2', '@2.x': '3', '@1.items': '[1, 3, 3]' });
  });

  test('an array field write out of bounds fails at its line', () => {
    const r = run(program('proc main() {', '  var c: Cell := new Cell;', '  c.items[0] := 1;', '}'));
    expect(r.failure).toMatchObject({ kind: 'out-of-bounds', span: { line: 8 } });
  });

  test('reading or writing a field of null is a null-deref failure at its line', () => {
    const p = program(
      'proc main(c: Cell, w: bool) returns (v: int) {',
      '  if (w) {',
      '    c.x := 1;',
      '  }',
      '  v := c.x;',
      '}',
    );
    expect(run(p, { c: null, w: true })).toMatchObject({
      status: 'failed',
      failure: { kind: 'null-deref', span: { line: 8, col: 5 }, message: 'c.x' },
      message: 'c is null',
    });
    expect(run(p, { c: null, w: false }).failure).toMatchObject({ kind: 'null-deref', span: { line: 10 } });
    expect(run(p, { c: { '@': 1, x: 4 }, w: false }).store.get('v')).toBe(4n);
  });

  test('fold of an instance that holds and unfold change nothing at run time; unfolding evaluates its body', () => {
    const r = run(
      program(
        ...P,
        'proc main() returns (v: int) {',
        '  var c: Cell := new Cell;',
        '  c.x := 4;',
        '  fold valid(c);',
        '  v := getX(c) + getX(c);',
        '  unfold valid(c);',
        '}',
      ),
    );
    expect(r).toMatchObject({ status: 'ok', trace: [15, 16, 17, 18, 19] });
    expect(r.store.get('v')).toBe(8n);
  });

  test('fold of an instance whose body does not hold is a fold failure at its line, as symbolically', () => {
    // Heap property test: a `fold` counterexample ran on to the end when fold did nothing.
    const p = program(
      ...P,
      'proc main(v: int) {',
      '  var c: Cell := new Cell;',
      '  c.x := v;',
      '  fold valid(c);',
      '}',
    );
    expect(run(p, { v: -1 }).failure).toMatchObject({ kind: 'fold', span: { line: 17 }, message: 'valid(c)' });
    expect(run(p, { v: 0 }).status).toBe('ok');
  });
});

describe('assertions at run time', () => {
  test('a function whose requires does not hold is a precondition failure at the call', () => {
    const r = run(
      program(
        ...P,
        'proc main() returns (v: int) {',
        '  var c: Cell := new Cell;',
        '  c.x := -1;',
        '  v := getX(c);',
        '}',
      ),
    );
    expect(r.failure).toMatchObject({ kind: 'precondition', span: { line: 17 }, message: 'valid(c)' });
  });

  test('acc(e.f) holds when e is an object; a predicate holds when its checkable parts do', () => {
    const p = program(
      ...P,
      'proc take(c: Cell)',
      '  requires valid(c)',
      '{',
      '}',
      'proc main(c: Cell)',
      '  requires acc(c.x)',
      '{',
      '  take(c);',
      '}',
    );
    expect(run(p, { c: null })).toMatchObject({ status: 'assumeFailed' });
    expect(run(p, { c: { '@': 1, x: 5 } }).status).toBe('ok');
    expect(run(p, { c: { '@': 1, x: -5 } }).failure).toMatchObject({
      kind: 'precondition',
      span: { line: 21 },
      message: 'valid(c)',
    });
  });

  test('old reads the heap on entry', () => {
    const p = program(
      'proc bump(c: Cell)',
      '  requires acc(c.x)',
      '  ensures acc(c.x) && c.x == old(c.x) + 1',
      '{',
      '  c.x := c.x + 1;',
      '}',
      'proc wrong(c: Cell)',
      '  requires acc(c.x)',
      '  ensures acc(c.x) && c.x == old(c.x)',
      '{',
      '  c.x := c.x + 1;',
      '}',
      'proc main(c: Cell) requires acc(c.x) {',
      '  bump(c);',
      '  wrong(c);',
      '}',
    );
    const r = run(p, { c: { '@': 1, x: 1 } });
    expect(r.failure).toMatchObject({ kind: 'postcondition', span: { line: 14 } });
    expect(fields(r)['@1.x']).toBe('3');
  });

  test('untouched(A) compares the locations A grants with the heap on entry', () => {
    const p = program(
      'predicate valid(c: Cell) {',
      '  acc(c.x) && (c.next != null ==> valid(c.next))',
      '}',
      'proc look(c: Cell)',
      '  requires valid(c)',
      '  ensures valid(c) && untouched(valid(c))',
      '{',
      '  c.items := [1];',
      '}',
      'proc touch(c: Cell)',
      '  requires valid(c)',
      '  ensures valid(c) && untouched(valid(c))',
      '{',
      '  if (c.next != null) {',
      '    c.next.x := c.next.x + 1;',
      '  }',
      '}',
      'proc main(c: Cell) requires valid(c) {',
      '  look(c);',
      '  touch(c);',
      '}',
    );
    expect(run(p, { c: { '@': 1, next: null } }).status).toBe('ok');
    expect(run(p, { c: { '@': 1, next: { '@': 2, x: 1 } } }).failure).toMatchObject({
      kind: 'postcondition',
      span: { line: 17 },
    });
  });
});

describe('reference inputs', () => {
  const p = program(
    'proc main(a: Cell, b: Cell) returns (same: bool, bx: int) {',
    '  same := a == b;',
    '  a.x := a.x + 1;',
    '  bx := b.x;',
    '}',
  );
  const types = inputTypesOf(p, resolveEntry(p).proc!);

  test('one id is one object: aliasing is written by repeating the id', () => {
    const r = run(p, { a: { '@': 1, x: 5 }, b: { '@': 1 } });
    expect([r.store.get('same'), r.store.get('bx')]).toEqual([true, 6n]);
    const apart = run(p, { a: { '@': 1, x: 5 }, b: { '@': 2, x: 9 } });
    expect([apart.store.get('same'), apart.store.get('bx')]).toEqual([false, 9n]);
  });

  test('objects nest, and fields left out start at their default', () => {
    const r = run(p, { a: { '@': 3, next: { '@': 4, x: 2, next: { '@': 3 } } }, b: { '@': 4 } });
    expect(fields(r)).toEqual({
      '@3.x': '1',
      '@3.next': '@4',
      '@3.items': '[]',
      '@4.x': '2',
      '@4.next': '@3',
      '@4.items': '[]',
    });
    expect(r.heap.get(3)?.className).toBe('Cell');
  });

  test('new objects get ids after the input objects', () => {
    const q = program('proc main(a: Cell) returns (c: Cell) {', '  c := new Cell;', '}');
    expect(show(run(q, { a: { '@': 7 } }).store.get('c'))).toBe('@8');
  });

  test.each([
    [{ a: 5 }, 'input a = 5 is not a reference: write null or an object such as {"@": 1}'],
    [{ a: { x: 1 } }, 'input a = {"x":1} is not a reference: write null or an object such as {"@": 1}'],
    [{ a: { '@': 0 } }, 'input a: the object id "@" must be a positive integer, not 0'],
    [{ a: { '@': 1, y: 1 } }, 'input a: class Cell has no field y'],
    [{ a: { '@': 1, x: true } }, 'input a.x = true is not an int'],
    [{ a: { '@': 1, x: 1 }, b: { '@': 1, x: 2 } }, 'input b: object @1 is given two values for field x'],
  ])('rejects %j', (json, error) => {
    expect(parseInputs(json, types, p.classes).error).toBe(error);
  });

  test('an object used at two classes is rejected', () => {
    const q = loadSource('class A {\n}\nclass B {\n}\nproc main(a: A, b: B) {\n}\n', 'q.sym').checked!;
    expect(parseInputs({ a: { '@': 1 }, b: { '@': 1 } }, inputTypesOf(q, resolveEntry(q).proc!), q.classes).error).toBe(
      'input b: object @1 is a A, not a B',
    );
  });
});

describe('heap samples run concretely', () => {
  // Permissions are not a run-time property (docs/design.md A.18): a sample whose failures are
  // permission failures runs to the end, and alias.sym's healed path is a real run here.
  const expected: Record<string, { status: string; failure?: string }> = {
    'heap/account.sym': { status: 'ok' },
    'heap/alias.sym': { status: 'failed', failure: '15 assert' },
    'heap/cell.sym': { status: 'ok' },
    'heap/cells14.sym': { status: 'ok' },
    // Fractions: halves(c, c) is a real run that fails its assert; a lent half or a wildcard
    // that is not enough to write is a permission failure, which a run does not see.
    'heap/fractions_alias.sym': { status: 'failed', failure: '25 assert' },
    'heap/fractions_lend.sym': { status: 'ok' },
    'heap/fractions_list_readers.sym': { status: 'ok' },
    'heap/fractions_readers.sym': { status: 'ok' },
    'heap/fractions_wildcard.sym': { status: 'ok' },
    'heap/iterator.sym': { status: 'ok' },
    // Their precondition reads c.x: with no inputs c is null, so the run stops at `requires`.
    'heap/join_lost.sym': { status: 'assumeFailed' },
    'heap/join_summary.sym': { status: 'assumeFailed' },
    'heap/list.sym': { status: 'ok' },
    'heap/missing_permission.sym': { status: 'ok' },
    // Well-formedness is about the assertions, not a run: main runs to its end.
    'heap/not_self_framing.sym': { status: 'ok' },
    'heap/wrong_post.sym': { status: 'failed', failure: '41 postcondition' },
  };
  for (const file of sampleFiles(join(SAMPLES_DIR, 'heap'))) {
    const sample = readSample(file);
    test(sample.name, () => {
      const checked = loadSource(sample.source, sample.name).checked!;
      const r = runConcrete(checked, resolveEntry(checked).proc!, new Map());
      const failure = r.failure && `${r.failure.span.line} ${r.failure.kind}`;
      expect({ status: r.status, failure }).toEqual({ failure: undefined, ...expected[sample.name] });
      if (sample.failures.some((f) => f.kind === 'postcondition'))
        expect(failure).toBe(`${sample.failures[0].line} postcondition`);
    });
  }
});

describe("replaying the design's modular counterexamples", () => {
  test('wrong_post.sym, entry swap, a.x = 0 and b.x = 1: the postcondition fails at line 41', () => {
    const sample = readSample(join(SAMPLES_DIR, 'heap', 'wrong_post.sym'));
    const checked = loadSource(sample.source, sample.name).checked!;
    const r = run(checked, { a: { '@': 1, x: 0 }, b: { '@': 2, x: 1 } }, 'swap');
    expect(r.failure).toMatchObject({ kind: 'postcondition', span: { line: 41 }, message: 'getX(b) == old(getX(a))' });
    expect(fields(r)).toMatchObject({ '@1.x': '1', '@2.x': '1' });
  });

  test('account.sym, entry withdraw with an aliased-free account: the contract holds concretely', () => {
    const sample = readSample(join(SAMPLES_DIR, 'heap', 'account.sym'));
    const checked = loadSource(sample.source, sample.name).checked!;
    expect(run(checked, { a: { '@': 1, balance: 0 }, amount: 1 }, 'withdraw').store.get('ok')).toBe(false);
    expect(run(checked, { a: { '@': 1, balance: -1 }, amount: 0 }, 'withdraw').status).toBe('assumeFailed');
  });
});

describe('symdap run --inputs on a heap program', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'symdap-heap-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function symdap(...argv: string[]) {
    const io = bufferIO();
    const code = await main(argv, io);
    return { code, out: io.stdout(), err: io.stderr() };
  }

  test('aliasing inputs, the final objects, and a null dereference', async () => {
    const prog = join(dir, 'p.sym');
    await writeFile(
      prog,
      [...CELL, 'proc main(a: Cell, b: Cell) {', '  a.x := 1;', '  b.x := b.x + 1;', '  assert a.x == 1;', '}'].join(
        '\n',
      ),
    );
    const aliased = join(dir, 'aliased.json');
    await writeFile(aliased, JSON.stringify({ a: { '@': 1, x: 5 }, b: { '@': 1 } }));
    expect(await symdap('run', prog, '--inputs', aliased)).toEqual({
      code: 1,
      out: `${prog}:9:3: assertion failed: a.x == 1\na = @1\nb = @1\n@1: Cell { x = 2, next = null, items = [] }\n`,
      err: '',
    });
    const nulls = join(dir, 'null.json');
    await writeFile(nulls, JSON.stringify({ a: null, b: null }));
    const r = await symdap('run', prog, '--inputs', nulls);
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toBe(`${prog}:7:3: null dereference: a.x (a is null)`);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ a: { '@': 1, z: 1 } }));
    expect(await symdap('run', prog, '--inputs', bad)).toMatchObject({
      code: 2,
      err: `symdap run: ${bad}: input a: class Cell has no field z\n`,
    });
  });
});

describe('havoc of a field', () => {
  test('`c.x := *` reads the input named after the field and the line', () => {
    const p = program(
      'proc main() returns (v: int) {',
      '  var c: Cell := new Cell;',
      '  c.x := *;',
      '  v := c.x;',
      '}',
    );
    expect(run(p, { 'c.x@8': 41 }).store.get('v')).toBe(41n);
    expect(run(p).store.get('v')).toBe(0n);
  });
});

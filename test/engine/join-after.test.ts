// Failures on paths that came through `join φ;` (issue 9 (b), rules/join/concreteCheck.ts), and the
// one-failure-per-cause rule at a join with permissions (issue 9 (a)), with the real Z3 and the
// real CLI: a failure some pre-join path really reaches gets a counterexample over the inputs
// only, which `symdap run --inputs` replays to the same failure; one that none reaches is
// marked possibly spurious, says what φ forgot, names the summaries readably, and its inputs do
// not replay to it. The verdict is `failed` either way.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';
import type { FailureReport } from '../../src/engine/verify/report';
import { symdap } from '../support/cli';
import { verifyDiagnostics } from '../../src/lsp/verifyDiagnostics';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-join-after-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lines = (...ls: string[]): string => `${ls.join('\n')}\n`;

async function verify(src: string) {
  const out = await verifySource(src, 'j.sym');
  expect(out.diagnostics).toEqual([]);
  return out.report;
}

/** `symdap run FILE --inputs` on the failure's counterexample: its exit code and first line. */
async function replay(src: string, f: FailureReport): Promise<{ code: number; first: string }> {
  const prog = join(dir, `p${Math.random().toString(36).slice(2)}.sym`);
  await writeFile(prog, src);
  await writeFile(`${prog}.json`, JSON.stringify(f.counterexample));
  const r = await symdap('run', prog, '--inputs', `${prog}.json`);
  return { code: r.code, first: r.out.split('\n')[0] ?? '' };
}

const CELL = 'class Cell { var x: int; }';

/** c.x is k, or k + 1 on b; `join acc(c.x) && c.x >= k;` forgets which; then `assert <assertion>;` (line 10). */
function cellJoin(assertion: string): string {
  return lines(
    CELL,
    'proc main(b: bool, k: int) {',
    '  var c: Cell := new Cell;',
    '  c.x := k;',
    '  if (b) {',
    '    c.x := c.x + 1;',
    '  }',
    '  join acc(c.x) && c.x >= k;',
    `  assert ${assertion};`,
    '}',
  );
}

describe('a permission failure at a join is reported once, and the path heals', () => {
  // The program: on b, c is d, whose acc(d.x) is not held.
  const src = lines(
    CELL,
    'proc main(b: bool, d: Cell) {',
    '  var c: Cell := new Cell;',
    '  c.x := 1;',
    '  if (b) {',
    '    c := d;',
    '  }',
    '  join acc(c.x) && c.x > 0;',
    '  assert c.x > 0;',
    '}',
  );

  test('one failure at the join; the rest of φ and the code after it are checked once; real path counts', async () => {
    const r = await verify(src);
    expect(r.verdict).toBe('failed');
    expect(r.failures.map((f) => [f.kind, f.line, f.column])).toEqual([['permission', 8, 3]]);
    expect(r.paths).toMatchObject({ total: 2, completed: 1, failed: 1 });
  });

  test('"c may be null" comes with a counterexample where c is null', async () => {
    const [f] = (await verify(src)).failures;
    expect(f.message).toContain('(c may be null)');
    expect(f.counterexample).toMatchObject({ b: true, d: null });
  });

  test('without a null receiver the message does not say so, and a real value is kept for the rest of φ', async () => {
    const r = await verify(
      src
        .replace('proc main(b: bool, d: Cell) {', 'proc main(b: bool, d: Cell)\n  requires d != null\n{')
        .replace('assert c.x > 0;', 'assert c.x > 1;'),
    );
    const perm = r.failures.filter((f) => f.kind === 'permission');
    expect(perm).toHaveLength(1);
    expect(perm[0].message).not.toContain('may be null');
    // φ's c.x > 0 is assumed on the healed path, not reported; the assertion after the join is checked (and can fail).
    expect(r.failures.map((f) => f.kind).sort()).toEqual(['assert', 'permission']);
  });
});

describe('a failure after join φ that a concrete path reaches', () => {
  const heap = cellJoin('c.x == k');
  const pure = lines(
    'proc main(b: bool, k: int) {',
    '  var x: int := k;',
    '  if (b) {',
    '    x := x + 1;',
    '  }',
    '  join x >= k;',
    '  assert x == k;',
    '}',
  );

  for (const [name, src, line, thenLine] of [
    ['with a heap', heap, 9, 6],
    ['without a heap', pure, 7, 4],
  ] as const) {
    test(`${name}: inputs only, the path it takes, and symdap run replays it`, async () => {
      const r = await verify(src);
      expect(r.verdict).toBe('failed');
      const [f] = r.failures;
      expect([f.kind, f.line]).toEqual(['assert', line]);
      expect(f.afterJoin).toMatchObject({ status: 'concrete' });
      expect(f.afterJoin?.summaryValues).toBeUndefined();
      // Only b = true makes the value differ from k; no summary symbol is named.
      expect(Object.keys(f.counterexample).sort()).toEqual(['b', 'k']);
      expect(f.counterexample.b).toBe(true);
      expect(f.trace).toContain(thenLine);
      const run = await replay(src, f);
      expect(run.code).toBe(1);
      expect(run.first).toMatch(new RegExp(`:${line}:\\d+: assertion failed`));
    });
  }

  test('through two joins: the summaries of both are pinned to one concrete run', async () => {
    const src = lines(
      'proc main(a: bool, b: bool, k: int) {',
      '  var x: int := k;',
      '  if (a) { x := x + 1; }',
      '  join x >= k && x <= k + 1;',
      '  if (b) { x := x + 1; }',
      '  join x >= k && x <= k + 2;',
      '  assert x <= k + 1;',
      '}',
    );
    const [f] = (await verify(src)).failures;
    expect(f.afterJoin).toMatchObject({ status: 'concrete' });
    expect(f.counterexample).toMatchObject({ a: true, b: true });
    expect((await replay(src, f)).code).toBe(1);
  });

  test('an exact join; forgets nothing: its failures carry no afterJoin', async () => {
    const src = lines(
      'proc main(b: bool, k: int) {',
      '  var x: int := k;',
      '  if (b) { x := x + 1; }',
      '  join;',
      '  assert x == k;',
      '}',
    );
    const [f] = (await verify(src)).failures;
    expect(f.afterJoin).toBeUndefined();
    expect(f.counterexample).toMatchObject({ b: true });
  });
});

describe('a failure after join φ that no concrete path reaches', () => {
  const pure = lines(
    'proc main(b: bool, k: int) {',
    '  var x: int := k + 1;',
    '  if (b) {',
    '    x := k + 2;',
    '  }',
    '  join x > k;',
    '  assert x >= k + 1;',
    '  assert x <= k + 2;',
    '}',
  );
  const heap = cellJoin('c.x <= k + 1');

  for (const [name, src, line, joinLine, forgot, summary] of [
    ['without a heap', pure, 8, 6, 'x <= k + 2', 'x after join line 6'],
    ['with a heap', heap, 9, 8, 'c.x <= k + 1', 'c.x after join line 8'],
  ] as const) {
    test(`${name}: still a failure, marked possibly spurious with what φ forgot, summaries named readably`, async () => {
      const r = await verify(src);
      expect(r.verdict).toBe('failed');
      expect(r.failures.map((f) => [f.kind, f.line])).toEqual([['assert', line]]);
      const [f] = r.failures;
      expect(f.afterJoin).toMatchObject({ status: 'possibly-spurious', joinLines: [joinLine], forgot });
      expect(f.afterJoin?.message).toBe(
        `possibly spurious: no path that reaches join (line ${joinLine}) fails here: φ forgot ${forgot}; strengthen the join`,
      );
      expect(Object.keys(f.afterJoin?.summaryValues ?? {})).toEqual([summary]);
      expect(Object.keys(f.counterexample).sort()).toEqual(['b', 'k']);
      // Its inputs are real ones, and no run on them fails there.
      expect((await replay(src, f)).code).toBe(0);
    });
  }

  test('the CLI prints the mark and the readable summary, never a bare summary symbol; --json carries afterJoin', async () => {
    const prog = join(dir, 'spurious.sym');
    await writeFile(prog, heap);
    const text = await symdap('verify', prog);
    expect(text.code).toBe(1);
    expect(text.out).toContain(
      '  possibly spurious: no path that reaches join (line 8) fails here: φ forgot c.x <= k + 1; strengthen the join\n',
    );
    expect(text.out).toMatch(/counterexample: b = \w+, k = -?\d+, c\.x after join line 8 = -?\d+\n/);
    expect(text.out).not.toMatch(/@8/);
    const json = JSON.parse((await symdap('verify', '--json', prog)).out);
    expect(json.failures[0].afterJoin).toMatchObject({
      status: 'possibly-spurious',
      joinLines: [8],
      forgot: 'c.x <= k + 1',
    });
    expect(Object.keys(json.failures[0].counterexample).sort()).toEqual(['b', 'k']);
  });

  test('an array summary is named readably (here its length, the part the failure reads); its length fact is what φ forgot', async () => {
    const src = lines(
      'proc main(b: bool, k: int) {',
      '  var a: int[] := [k, k];',
      '  if (b) {',
      '    a := [k, k, k];',
      '  }',
      '  join a.length >= 2;',
      '  assert a.length <= 3;',
      '}',
    );
    const [f] = (await verify(src)).failures;
    expect(f.afterJoin).toMatchObject({ status: 'possibly-spurious', forgot: 'a.length <= 3' });
    expect(Object.keys(f.afterJoin?.summaryValues ?? {})).toEqual(['a.length after join line 6']);
    expect(Number(f.afterJoin?.summaryValues?.['a.length after join line 6'])).toBeGreaterThan(3);
  });

  test('after 120 joins a counter φ forgot is still classified, both ways', async () => {
    const n = 120;
    const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
    const body = (phi: (k: number) => string) =>
      Array.from({ length: n }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n  join ${phi(i + 1)};\n`).join('');
    const prog = (phi: (k: number) => string, bound: number) =>
      `proc main(${params}) {\n  var s: int := 0;\n${body(phi)}  assert s <= ${bound};\n}\n`;
    const spurious = (await verify(prog(() => 's >= 0', n))).failures;
    expect(spurious.map((f) => f.afterJoin?.status)).toEqual(['possibly-spurious']);
    const concrete = (await verify(prog((k) => `s >= 0 && s <= ${k}`, n - 1))).failures;
    expect(concrete.map((f) => f.afterJoin?.status)).toEqual(['concrete']);
    expect(Object.values(concrete[0].counterexample).every((v) => Number(v) > 0)).toBe(true);
  }, 60_000);

  test('the editor diagnostic (LSP) carries the mark and the readable summary too', async () => {
    const [d] = verifyDiagnostics(await verify(heap), 'file:///j.sym', heap);
    expect(d.message).toContain(
      '— possibly spurious: no path that reaches join (line 8) fails here: φ forgot c.x <= k + 1; strengthen the join — counterexample: b = ',
    );
    expect(d.message).toMatch(/c\.x after join line 8 = -?\d+/);
  });

  test('strengthening φ with what it forgot verifies', async () => {
    const r = await verify(pure.replace('join x > k;', 'join x > k && x <= k + 2;'));
    expect(r.verdict).toBe('verified');
  });
});

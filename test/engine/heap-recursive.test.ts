// Recursive predicates and recursive heap-dependent functions in the symbolic engine with the
// real Z3 (docs/design.md B.5, E.3): samples/heap/list.sym verifies in both modes; wrong variants fail
// with the right kind and line, and their counterexamples replay concretely; a property that
// needs induction over the list ends failed (function fuel bounds the expansion), never
// verified and never hanging.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as fs from 'fs';
import * as path from 'path';
import { loadSource } from '../../src/lang/frontend';
import { resolveEntry } from '../../src/engine/verify/entry';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { expectReplayed, replay } from '../support/replay';

const LIST = fs.readFileSync(path.join(__dirname, '..', '..', 'samples', 'heap', 'list.sym'), 'utf8');
const lineOf = (src: string, text: string): number => src.split('\n').findIndex((l) => l.includes(text)) + 1;

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

async function verify(source: string, mode: 'explore' | 'modular', entry?: string) {
  const { checked, diagnostics } = loadSource(source, 'list.sym');
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const { report } = await verifyProgram(checked!, solver, { mode, ...(entry ? { entry } : {}) });
  return { checked: checked!, report };
}

describe.each(['explore', 'modular'] as const)('a singly linked list (%s)', (mode) => {
  test('samples/heap/list.sym verifies', async () => {
    const { report } = await verify(LIST, mode);
    expect(report.failures).toEqual([]);
    expect(report.verdict).toBe('verified');
  }, 60_000);

  test('a wrong postcondition about len fails there, and its counterexample replays', async () => {
    const src = LIST.replace(
      'ensures list(n) && len(n) == 1 && head(n) == v',
      'ensures list(n) && len(n) == 2 && head(n) == v',
    );
    const line = lineOf(src, 'len(n) == 2');
    const { checked, report } = await verify(src, mode, 'single');
    expect(report.verdict).toBe('failed');
    // Modular mode also checks main, whose assert the wrong contract breaks (line 48).
    const inSingle = report.failures.filter((f) => f.line !== lineOf(src, 'assert len(l) == 3'));
    expect(inSingle.map((f) => ({ kind: f.kind, line: f.line }))).toEqual([{ kind: 'postcondition', line }]);
    const proc = resolveEntry(checked, 'single').proc!;
    for (const f of inSingle)
      expectReplayed(replay(checked, proc, f.counterexample), f.kind, f.line, JSON.stringify(f.counterexample));
  }, 60_000);

  test('a missing fold is a permission failure at the ensures, and its counterexample replays', async () => {
    const src = LIST.replace('  n.val := v;\n  fold list(n);\n}\n\nproc prepend', '  n.val := v;\n}\n\nproc prepend');
    const line = lineOf(src, 'ensures list(n) && len(n) == 1');
    const { checked, report } = await verify(src, mode, 'single');
    expect(report.verdict).toBe('failed');
    // list(n) is missing: one permission failure at the ensures; len(n) and head(n) then read the
    // instance assumed after it (one failure per cause, not a second one for len's requires).
    expect(report.failures.map((f) => ({ kind: f.kind, line: f.line }))).toEqual([{ kind: 'permission', line }]);
    const proc = resolveEntry(checked, 'single').proc!;
    for (const f of report.failures)
      expectReplayed(replay(checked, proc, f.counterexample), f.kind, f.line, JSON.stringify(f.counterexample));
  }, 60_000);

  test('a fact that needs induction over the list is not verified: fuel stops the expansion', async () => {
    const src = `${LIST}\nproc positive(l: Node)\n  requires list(l)\n  ensures list(l) && len(l) >= 1\n{\n}\n`;
    const { report } = await verify(src, mode, 'positive');
    expect(report.verdict).toBe('failed');
    expect(report.failures.map((f) => f.kind)).toEqual(['postcondition']);
  }, 60_000);

  test('unfold, read, fold again: the instance and its function values are unchanged', async () => {
    const src = `${LIST}\nproc touch(l: Node)\n  requires list(l)\n  ensures list(l) && len(l) == old(len(l)) && head(l) == old(head(l))\n{\n  unfold list(l);\n  var x: int := l.val;\n  l.val := x;\n  fold list(l);\n}\n`;
    const { report } = await verify(src, mode, 'touch');
    expect(report.failures).toEqual([]);
    expect(report.verdict).toBe('verified');
  }, 60_000);

  test('a changed head is seen through the snapshot: head(l) == old(head(l)) fails after a write', async () => {
    const src = `${LIST}\nproc bump(l: Node)\n  requires list(l)\n  ensures list(l) && head(l) == old(head(l))\n{\n  unfold list(l);\n  l.val := l.val + 1;\n  fold list(l);\n}\n`;
    const { checked, report } = await verify(src, mode, 'bump');
    expect(report.verdict).toBe('failed');
    expect(report.failures.map((f) => ({ kind: f.kind, line: f.line }))).toEqual([
      { kind: 'postcondition', line: lineOf(src, 'head(l) == old(head(l))') },
    ]);
    expectReplayed(
      replay(checked, resolveEntry(checked, 'bump').proc!, report.failures[0].counterexample),
      'postcondition',
      report.failures[0].line,
      'bump',
    );
  }, 60_000);

  test('a non-well-founded predicate (ok(c) holds ok(c)) and a function that never bottoms out: fuel ends it, never verified', async () => {
    const src =
      'class Cell { var x: int; }\npredicate ok(c: Cell) {\n  ok(c)\n}\nfunction depth(c: Cell): int\n  requires ok(c)\n{\n  unfolding ok(c) in 1 + depth(c)\n}\nproc p(c: Cell)\n  requires ok(c)\n  ensures ok(c) && depth(c) > 100\n{\n  unfold ok(c);\n  unfold ok(c);\n  fold ok(c);\n  fold ok(c);\n}\n';
    const { report } = await verify(src, mode, 'p');
    expect(report.verdict).toBe('failed');
    expect(report.failures.map((f) => ({ kind: f.kind, line: f.line }))).toEqual([{ kind: 'postcondition', line: 12 }]);
  }, 60_000);
});

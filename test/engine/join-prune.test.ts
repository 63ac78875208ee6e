// Join summaries stay small (issue 13): after `join φ;` the facts of summaries no variable
// holds any more are dropped (rules/join/prune.ts) and the merged state carries a model
// (rules/join/summaryModel.ts). Neither may change a verdict: a wrong φ is still a 'join' failure at
// its line, facts a live value still depends on stay, and counterexamples still replay.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { resolveEntry } from '../../src/engine/verify/entry';
import { verifyProgram } from '../../src/engine/verify/verify';
import type { VerifyReport } from '../../src/engine/verify/report';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { parseInputs } from '../../src/engine/concrete/inputs';
import { inputTypesOf } from '../../src/engine/concrete/havoc';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { TermStore } from '../../src/engine/terms/store';
import { conjoin, conjuncts, EMPTY_PC } from '../../src/engine/state/pathCondition';
import { withoutDeadComponents } from '../../src/engine/rules/join/prune';
import { summaryModel } from '../../src/engine/rules/join/summaryModel';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

async function verify(source: string, name: string): Promise<VerifyReport> {
  const { checked, diagnostics } = loadSource(source, name);
  expect(diagnostics).toEqual([]);
  return (await verifyProgram(checked!, solver, { mode: 'explore' })).report;
}

/** n ifs each followed by `join` + phi(k) (k = 1..n), then `assert s <= n`. */
function ifs(n: number, phi: (k: number) => string): string {
  const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
  const body = Array.from({ length: n }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n  join ${phi(i + 1)};\n`).join(
    '',
  );
  return `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s <= ${n};\n}\n`;
}

/** The line of the last occurrence of text. */
function lineOf(source: string, text: string): number {
  const lines = source.split('\n');
  let i = lines.length - 1;
  while (i >= 0 && !lines[i].includes(text)) i--;
  expect(i).toBeGreaterThanOrEqual(0);
  return i + 1;
}

function replays(source: string, report: VerifyReport): { status: string; kind?: string; line?: number } {
  const { checked } = loadSource(source, 'replay.sym');
  const proc = resolveEntry(checked!).proc!;
  const r = runConcrete(
    checked!,
    proc,
    parseInputs(report.failures[0].counterexample, inputTypesOf(checked!, proc)).inputs!,
  );
  return { status: r.status, kind: r.failure?.kind, line: r.failure?.span.line };
}

describe('join φ after pruned summaries', () => {
  it('30 ifs with a right φ after each verify on 2 paths per if', async () => {
    const r = await verify(
      ifs(30, (k) => `s >= 0 && s <= ${k}`),
      'right.sym',
    );
    expect(r.verdict).toBe('verified');
    expect(r.paths.total).toBeLessThan(100);
  }, 60_000);

  for (const [where, at] of [
    ['the first join', 1],
    ['a join after 19 pruned ones', 20],
  ] as const) {
    it(`a too-strong φ at ${where} is a join failure at its line, with a replayable counterexample`, async () => {
      const source = ifs(30, (k) => (k === at ? `s >= 0 && s <= ${k - 1}` : `s >= 0 && s <= ${k}`));
      const r = await verify(source, 'wrong.sym');
      const line = lineOf(source, `join s >= 0 && s <= ${at - 1};`);
      expect(r.verdict).toBe('failed');
      expect(r.failures.map((f) => [f.kind, f.line])).toEqual([['join', line]]);
      const cx = r.failures[0].counterexample;
      expect(Number(cx[`x${at - 1}`])).toBeGreaterThan(0);
      // Summaries are no inputs: the counterexample names none.
      expect(Object.keys(cx).filter((k) => k.includes('@'))).toEqual([]);
      // Every x > 0 fails φ here, so the failure is concrete (rules/join/concreteCheck.ts) even after
      // 19 summaries whose facts were pruned: the counterexample replays.
      expect(r.failures[0].afterJoin?.status ?? 'concrete').toBe('concrete');
      expect(replays(source, r)).toEqual({ status: 'failed', kind: 'join', line });
    }, 60_000);
  }

  it('a failing assertion after 30 pruned joins is still found, concrete, and replays', async () => {
    const source = ifs(30, (k) => `s >= 0 && s <= ${k}`).replace('assert s <= 30;', 'assert s <= 29;');
    const r = await verify(source, 'assert.sym');
    expect(r.verdict).toBe('failed');
    const line = lineOf(source, 'assert s <= 29;');
    expect(r.failures.map((f) => [f.kind, f.line])).toEqual([['assert', line]]);
    expect(r.failures[0].afterJoin).toMatchObject({ status: 'concrete' });
    expect(replays(source, r)).toEqual({ status: 'failed', kind: 'assert', line });
  }, 60_000);

  it('keeps the facts of a summary another variable still holds', async () => {
    const source = [
      'proc main(x: int, y: int) {',
      '  var s: int := 0;',
      '  if (x > 0) { s := s + 1; }',
      '  join s >= 0 && s <= 1;',
      '  var t: int := s;',
      '  if (y > 0) { s := s + 1; }',
      '  join s >= 0 && s <= 2;',
      '  assert t >= 0 && t <= 1;',
      '}',
    ].join('\n');
    expect((await verify(source, 'held.sym')).verdict).toBe('verified');
  });

  it('keeps the facts of a dead summary that a live input depends on', async () => {
    const source = [
      'proc main(x: int, y: int, z: int) {',
      '  var s: int := 0;',
      '  if (x > 0) { s := s + 1; }',
      '  join s >= 0 && s <= 1;',
      '  assume z > s;',
      '  if (y > 0) { s := s + 1; }',
      '  join s >= 0 && s <= 2;',
      '  assert z >= 1;',
      '}',
    ].join('\n');
    expect((await verify(source, 'linked.sym')).verdict).toBe('verified');
    // And the same with a wrong assertion still fails.
    const wrong = source.replace('assert z >= 1;', 'assert z >= 2;');
    const r = await verify(wrong, 'linked_wrong.sym');
    expect(r.verdict).toBe('failed');
    expect(r.failures.map((f) => f.kind)).toEqual(['assert']);
  });
});

describe('the pieces', () => {
  it('drops exactly the components made only of dead symbols', () => {
    const T = new TermStore();
    const int = { kind: 'int' } as const;
    const [d1, d2, d3, live] = ['d1', 'd2', 'd3', 'live'].map((n) => T.symbol(int, n, 'test'));
    const zero = T.int(0n);
    let pc = EMPTY_PC;
    const facts = [T.le(zero, d1), T.le(d1, d2), T.le(zero, d3), T.lt(d3, live)];
    for (const f of facts) pc = conjoin(pc, { term: f, reason: 'test' });
    const out = withoutDeadComponents(pc, new Set([d1.id, d2.id, d3.id]));
    // {d1, d2} is dead and independent; d3 shares a component with the live symbol.
    expect(conjuncts(out).map((c) => c.term)).toEqual([T.le(zero, d3), T.lt(d3, live)]);
    expect(withoutDeadComponents(pc, new Set())).toBe(pc);
  });

  it("a summary model is the first path's value, and none when it breaks an added fact", () => {
    const T = new TermStore();
    const int = { kind: 'int' } as const;
    const [old, fresh] = [T.symbol(int, 's', 'test'), T.symbol(int, 's@2', 'test')];
    const first = new Map([[old.id, 3n]]);
    const m = summaryModel(first, [[fresh, T.add(old, T.int(1n))]], [T.le(fresh, T.int(4n))]);
    expect(m?.get(fresh.id)).toBe(4n);
    expect(summaryModel(first, [[fresh, T.add(old, T.int(1n))]], [T.le(fresh, T.int(3n))])).toBeUndefined();
    expect(summaryModel(undefined, [[fresh, old]], [])).toBeUndefined();
  });
});

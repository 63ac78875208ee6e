// Counterexamples are real: every failure the engine finds on every sample, in each mode its
// header states, is replayed by the concrete interpreter on the counterexample's inputs (read
// back through the input-file parser, as `symdap run --inputs` reads them) and must fail the
// same way at the same line. Both the report's counterexamples and those of every failing path
// are replayed; in modular mode a failing path is replayed from the procedure it verifies.
// Programs with joins are included: merged paths share their inputs' symbols, so a
// counterexample names each input once, with the value the path it describes reads. A sample
// whose header says a mode's failures come from a too-weak specification (`@weak modular`)
// must have failures there that no replay reaches.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { resolveEntry } from '../../src/engine/verify/entry';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import { hasSynth, optionsFromArgs, readSample, sampleFiles } from '../support/samples';
import { expectReplayed, outcome, replay, replayEveryFailure } from '../support/replay';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

const samples = sampleFiles()
  .map(readSample)
  .filter((s) => !s.pending.includes('engine') && !hasSynth(s));

describe('counterexamples replay concretely to the same failure', () => {
  it('there are failing samples to replay, with and without joins', () => {
    const failing = samples.filter((s) => Object.values(s.verdicts).includes('failed'));
    expect(failing.length).toBeGreaterThanOrEqual(5);
    expect(failing.some((s) => /^\s*join\b/m.test(s.source))).toBe(true);
  });

  for (const sample of samples) {
    const opts = optionsFromArgs(sample.args);
    for (const mode of ['explore', 'modular'] as const) {
      const verdict = sample.verdicts[mode];
      if (!verdict) continue;
      it(`${sample.name} (${mode}): the reported failures and every failing path`, async () => {
        const { checked } = loadSource(sample.source, sample.name);
        const proc = resolveEntry(checked!, opts.entry).proc!;
        const { report } = await verifyProgram(checked!, solver, { mode, ...opts });
        if (mode === 'explore') {
          for (const f of report.failures) {
            if (f.afterJoin && f.afterJoin.status !== 'concrete') continue; // not claimed real (replayEveryFailure checks it is not)
            const r = replay(checked!, proc, f.counterexample);
            expectReplayed(r, f.kind, f.line, `${f.kind} at line ${f.line} with ${JSON.stringify(f.counterexample)}`);
          }
        }
        if (sample.weak.includes(mode)) {
          expect(report.failures.length).toBeGreaterThan(0);
          for (const f of report.failures) {
            const root = [...checked!.procs.values()].find((p) => p.span.line <= f.line && f.line <= p.span.endLine)!;
            const what = `${f.kind} at line ${f.line} with ${JSON.stringify(f.counterexample)}`;
            expect(outcome(replay(checked!, root, f.counterexample)), what).not.toMatchObject({ status: 'failed' });
          }
          return;
        }
        const replayed = await replayEveryFailure(solver, checked!, mode, opts);
        // Failures some explored path reaches; a well-formedness failure is on none (paths: 0).
        expect(replayed > 0).toBe(report.failures.some((f) => f.paths > 0));
        if (verdict === 'failed') expect(report.failures.length).toBeGreaterThan(0);
      }, 60_000);
    }
  }
});

describe('counterexamples of merged paths name each input once (issue 8)', () => {
  const programs = [
    `proc main(x: u8) {
  var y: u8 := 0;
  if (x > 5) { y := 1; } else { y := 2; }
  var t: u8 := *;
  join;
  assert t != 7 || y != 2;
}`,
    // A havoc site fired a different number of times on the paths a join merges.
    `proc main(x: u8, y: u8) {
  var n: int := 0;
  var t: u8 := 0;
  while (n < 3) {
    if (x > n as u8) { t := *; } else if (y > 3) { t := t + 1; }
    n := n + 1;
    join;
  }
  assert t != 9;
}`,
    `proc main(x: int) {
  var a: int[] := [1, 2, 3];
  if (x > 0) { a[0] := *; } else { a[1] := *; }
  join;
  var k: int := *;
  if (k > 0) { a[2] := *; }
  join;
  assert a[0] + a[1] + a[2] != 100 || x == 7;
}`,
  ];
  for (const [i, source] of programs.entries()) {
    it(`program ${i + 1}`, async () => {
      const { checked, diagnostics } = loadSource(source, `merged${i}.sym`);
      expect(diagnostics).toEqual([]);
      const { report } = await verifyProgram(checked!, solver, { mode: 'explore' });
      expect(report.verdict).toBe('failed');
      const proc = resolveEntry(checked!).proc!;
      for (const f of report.failures) {
        expect(outcome(replay(checked!, proc, f.counterexample)), JSON.stringify(f.counterexample)).toEqual({
          status: 'failed',
          kind: f.kind,
          line: f.line,
        });
      }
      expect(await replayEveryFailure(solver, checked!, 'explore')).toBeGreaterThan(0);
    });
  }
});

describe('counterexamples nest reference field inputs (heap property test, seed 31006)', () => {
  // `p.next` was written as an input of its own, so p's `next` stayed null on replay and the
  // requires failed: the counterexample must read p = @1 {next = @2 {val = …}}.
  const source = `class Node {
  var val: int;
  var next: Node;
}
proc main(p: Node, x: int)
  requires acc(p.next) && acc(p.next.val)
{
  assert p.next.val != x;
}`;
  it('the failure replays through the input-file parser', async () => {
    const { checked, diagnostics } = loadSource(source, 'nested.sym');
    expect(diagnostics).toEqual([]);
    const { report } = await verifyProgram(checked!, solver, { mode: 'explore' });
    expect(report.failures.map((f) => [f.kind, f.line])).toEqual([['assert', 8]]);
    const cx = report.failures[0].counterexample as Record<string, { '@': number; next: { '@': number; val: number } }>;
    expect(Object.keys(cx).sort()).toEqual(['p', 'x']);
    expect(cx.p.next.val).toBe(cx.x as unknown as number);
    expect(outcome(replay(checked!, resolveEntry(checked!).proc!, report.failures[0].counterexample))).toEqual({
      status: 'failed',
      kind: 'assert',
      line: 8,
    });
  });
});

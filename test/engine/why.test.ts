// Why verification failed (issue 25): every failure of every sample, in both modes, carries a
// class, and every `real` one replays its input concretely to the same failure; a loop
// invariant and a callee's ensures that say too little are named as the abstraction of a
// `spec-too-weak` failure; vacuous requires, dead branches, never-reached checks and killing
// assumes are warned about, and a verified run with one says "verified (vacuously)".

import { describe, expect, it } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';
import { explainReport, verdictText } from '../../src/engine/why/explain';
import type { VerifyReport } from '../../src/engine/verify/report';
import { loadSource } from '../../src/lang/frontend';
import { resolveEntry } from '../../src/engine/verify/entry';
import type { CheckedProgram } from '../../src/lang/checked';
import type { Proc } from '../../src/lang/ast';
import { hasSynth, optionsFromArgs, readSample, sampleFiles } from '../support/samples';
import { expectReplayed, replay } from '../support/replay';
import { WEAK_ENSURES as CALL, WEAK_INVARIANT as LOOP } from '../support/whyPrograms';

async function explained(
  source: string,
  mode: 'explore' | 'modular',
  extra: { loopBound?: number; entry?: string } = {},
): Promise<VerifyReport> {
  const r = await verifySource(source, 'why.sym', { mode, ...extra });
  expect(r.error).toBeUndefined();
  return explainReport(r.checked, { mode, ...extra }, r.report);
}

describe('classes of failures', () => {
  it('a loop invariant that says nothing about s: spec-too-weak at the invariant (modular); verified when explored', async () => {
    const m = await explained(LOOP, 'modular');
    expect(m.failures.map((f) => [f.line, f.class, f.abstraction?.kind, f.abstraction?.line])).toEqual([
      [12, 'spec-too-weak', 'invariant', 7],
    ]);
    expect((await explained(LOOP, 'explore')).verdict).toBe('verified');
  });

  it("a callee's ensures that says too little: spec-too-weak at the ensures; a real failure beside it gets a replaying input", async () => {
    const m = await explained(CALL, 'modular');
    const byLine = new Map(m.failures.map((f) => [f.line, f]));
    expect(byLine.get(8)).toMatchObject({ class: 'spec-too-weak', abstraction: { kind: 'ensures', line: 2 } });
    expect(byLine.get(9)).toMatchObject({ class: 'real' });
    expect(byLine.get(9)!.input).toBeDefined();
  });

  it('a failure found only with the callee inlined is real, with the input of the inlined run', async () => {
    const source = `proc half(x: int) returns (r: int)
  requires x >= 0
  ensures r >= 0
{
  r := x / 2;
}
proc main(a: int)
  requires a >= 0
{
  var h: int := half(a);
  assert h < 10;
}`;
    const m = await explained(source, 'modular');
    const f = m.failures.find((g) => g.line === 11)!;
    expect(f.class).toBe('real');
    const { checked } = loadSource(source, 'why.sym');
    expectReplayed(replay(checked!, checked!.procs.get('main')!, f.input!), f.kind, f.line, JSON.stringify(f.input));
  });

  it('a loop past the bound: undecided, saying which bound ran out', async () => {
    const source = `proc main(n: int)
  requires n >= 0
{
  var i: int := 0;
  while (i < n)
    invariant i >= 0
  {
    i := i + 1;
  }
  assert i == n;
}`;
    const m = await explained(source, 'modular');
    expect(m.failures.map((f) => f.class)).toEqual(['undecided']);
    expect(m.failures[0].classNote).toMatch(/bounds/);
  });
});

describe('warnings: vacuous and unreachable', () => {
  it('an unsatisfiable requires: verified (vacuously), warned at the requires', async () => {
    for (const mode of ['explore', 'modular'] as const) {
      const r = await explained('proc main(x: int)\n  requires x > 0 && x < 0\n{\n  assert false;\n}', mode);
      expect(r.verdict).toBe('verified');
      expect(verdictText(r)).toBe('verified (vacuously)');
      expect(r.warnings).toEqual([expect.objectContaining({ kind: 'vacuous', line: 2 })]);
    }
  });

  it('a dead branch, a never-reached check and an assume that kills every path', async () => {
    const r = await explained(
      `proc main(x: int) {
  if (x > 0) {
    if (x < 0) {
      assert false;
    }
  }
  assume x > 5;
  assume x < 3;
  assert x == 4;
}`,
      'explore',
    );
    expect(r.warnings!.map((w) => [w.kind, w.line])).toEqual([
      ['unreachable', 4],
      ['vacuous', 8],
    ]);
    expect(r.warnings![0].message).toMatch(/passes vacuously/);
  });

  it('no warning on a program whose every statement runs, nor when a bound was reached', async () => {
    expect(
      (await explained('proc main(x: int) {\n  if (x > 0) { x := 1; } else { x := 2; }\n  assert x > 0;\n}', 'explore'))
        .warnings,
    ).toEqual([]);
    const bounded = await explained(
      'proc main(n: int) {\n  var i: int := 0;\n  while (i < n) { i := i + 1; }\n  assert i >= 0;\n}',
      'explore',
      { loopBound: 2 },
    );
    expect(bounded.warnings).toEqual([]);
  });
});

describe('every failing sample, in both modes, carries a class; every real one replays', () => {
  const samples = sampleFiles()
    .map(readSample)
    .filter((s) => !s.pending.includes('engine') && !hasSynth(s));
  for (const sample of samples) {
    for (const mode of ['explore', 'modular'] as const) {
      if (sample.verdicts[mode] !== 'failed') continue;
      it(`${sample.name} (${mode})`, async () => {
        const args = optionsFromArgs(sample.args);
        const r = await explained(sample.source, mode, args);
        expect(r.failures.length).toBeGreaterThan(0);
        const { checked } = loadSource(sample.source, sample.name);
        for (const f of r.failures) {
          expect(f.class, `${f.kind}@${f.line}`).toMatch(/^(real|spec-too-weak|undecided)$/);
          if (f.class === 'real' && f.input) expectReal(checked!, rootOf(checked!, mode, args.entry, f.line), f);
          if (f.class === 'spec-too-weak') expect(f.abstraction ?? f.classNote).toBeDefined();
        }
      }, 120_000);
    }
  }
});

function rootOf(checked: CheckedProgram, mode: 'explore' | 'modular', entry: string | undefined, line: number): Proc {
  const e = resolveEntry(checked, entry).proc!;
  if (mode === 'explore') return e;
  return [...checked.procs.values()].find((p) => p.span.line <= line && line <= p.span.endLine) ?? e;
}

function expectReal(checked: CheckedProgram, proc: Proc, f: VerifyReport['failures'][number]): void {
  // A concrete run checks no permissions: a permission failure's input must parse, and a null receiver fails there.
  expectReplayed(
    replay(checked, proc, f.input!),
    f.kind,
    f.line,
    `${f.kind}@${f.line} with ${JSON.stringify(f.input)}`,
  );
}

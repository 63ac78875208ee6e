// Suggested facts (issue 25): a `spec too weak` failure behind a loop invariant or a callee's
// ensures comes with the fact that closes the gap. Must show: add the suggested clause to that
// invariant or ensures (here, by the test's own text edit at the place the report gives),
// verify again in modular mode, and the failure is gone, with no new failure and no vacuity
// warning: over the two fixtures and every sample that gets a suggestion.

import { describe, expect, it } from 'vitest';
import { verifySource } from '../../src/engine/verify/verifySource';
import { explainReport } from '../../src/engine/why/explain';
import type { FailureReport, VerifyReport } from '../../src/engine/verify/report';
import { hasSynth, optionsFromArgs, readSample, sampleFiles } from '../support/samples';
import { WEAK_ENSURES, WEAK_INVARIANT } from '../support/whyPrograms';

type Opts = { loopBound?: number; entry?: string };

async function explained(source: string, mode: 'explore' | 'modular', opts: Opts = {}): Promise<VerifyReport> {
  const r = await verifySource(source, 'why.sym', { mode, ...opts });
  expect(r.error).toBeUndefined();
  return explainReport(r.checked, { mode, ...opts }, r.report);
}

/** The clause written into the source, after a space, at the line and column the suggestion names. */
function strengthened(source: string, f: FailureReport): string {
  const s = f.suggestion!;
  const lines = source.split('\n');
  const text = lines[s.line - 1];
  lines[s.line - 1] = `${text.slice(0, s.column - 1)} ${s.clause}${text.slice(s.column - 1)}`;
  return lines.join('\n');
}

const site = (f: FailureReport): string => `${f.kind}@${f.line}:${f.column}`;

/** Verified again with the suggestion: this failure gone, every other one known before, nothing vacuous. */
async function expectClosed(source: string, before: VerifyReport, f: FailureReport, opts: Opts): Promise<void> {
  const text = strengthened(source, f);
  const after = await explained(text, 'modular', opts);
  const what = `${f.suggestion!.clause} for ${site(f)}\n${text}`;
  expect(after.verdict, what).not.toBe('error');
  expect(after.failures.map(site), what).not.toContain(site(f));
  const known = new Set(before.failures.map(site));
  for (const g of after.failures) expect(known.has(site(g)), `${what}\nnew failure ${site(g)}`).toBe(true);
  expect(
    (after.warnings ?? []).filter((w) => w.kind !== 'unused'),
    what,
  ).toEqual([]);
}

describe('a spec-too-weak failure suggests the fact that closes it', () => {
  it('the loop invariant that forgets s: invariant s == 2 * i, and with it the program verifies', async () => {
    const r = await explained(WEAK_INVARIANT, 'modular');
    const [f] = r.failures;
    expect(f).toMatchObject({ class: 'spec-too-weak', suggestion: { clause: 'invariant s == 2 * i', line: 7 } });
    expect(f.classNote).toContain('adding `invariant s == 2 * i` at line 7 closes it');
    await expectClosed(WEAK_INVARIANT, r, f, {});
    expect((await explained(strengthened(WEAK_INVARIANT, f), 'modular')).verdict).toBe('verified');
  });

  it("the callee's ensures that says too little: ensures r == 0; the real failure beside it stays, with no suggestion", async () => {
    const r = await explained(WEAK_ENSURES, 'modular');
    const byLine = new Map(r.failures.map((f) => [f.line, f]));
    expect(byLine.get(8)).toMatchObject({ suggestion: { clause: 'ensures r == 0', line: 2 } });
    expect(byLine.get(9)!.suggestion).toBeUndefined();
    await expectClosed(WEAK_ENSURES, r, byLine.get(8)!, {});
  });

  it('a callee without ensures gets one before its body', async () => {
    const source = `proc one() returns (r: int) {
  r := 1;
}
proc main() {
  var x: int := one();
  assert x == 1;
}`;
    const r = await explained(source, 'modular');
    expect(r.failures[0].suggestion).toMatchObject({ clause: 'ensures r == 1', line: 1 });
    await expectClosed(source, r, r.failures[0], {});
  });

  it('the fact suggested is one that holds where the loop starts: s == 2 * i + 1 when s starts at 1', async () => {
    // s == 2 * i would not hold on entry (an invariant that is never established is no fix).
    const source = WEAK_INVARIANT.replace('var s: int := 0;', 'var s: int := 1;').replace('s == 6', 's == 7');
    const r = await explained(source, 'modular');
    const [f] = r.failures;
    expect(f.suggestion?.clause).toBe('invariant s == 2 * i + 1');
    await expectClosed(source, r, f, {});
  });
});

describe('every sample that gets a suggestion: the suggested clause closes its failure', () => {
  const samples = sampleFiles()
    .map(readSample)
    .filter((s) => !s.pending.includes('engine') && !hasSynth(s) && s.verdicts.modular === 'failed');
  let suggested = 0;
  for (const sample of samples) {
    it(
      sample.name,
      async () => {
        const opts = optionsFromArgs(sample.args);
        const r = await explained(sample.source, 'modular', opts);
        for (const f of r.failures.filter((g) => g.suggestion)) {
          expect(f.class).toBe('spec-too-weak');
          await expectClosed(sample.source, r, f, opts);
          suggested++;
        }
      },
      120_000,
    );
  }
  it('some samples get one (weak_invariant, weak_ensures)', () => {
    expect(suggested).toBeGreaterThanOrEqual(2);
  });
});

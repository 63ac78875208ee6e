// Joins: `join φ;` and `join;` give the same verdicts as the same program without joins,
// on far fewer paths; `join;` loses nothing (a failure after it is still found, with a
// counterexample that replays); a too-strong `join φ;` is a 'join' failure at its line.

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
import { readSample, SAMPLES_DIR } from '../support/samples';
import { join } from 'node:path';

let solver: Solver;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
});
afterAll(() => solver?.dispose());

const sample = (name: string) => readSample(join(SAMPLES_DIR, 'join', name)).source;
const NO_JOIN = sample('ifs_no_join.sym');
const JOIN_PHI = sample('ifs_join_phi.sym');
const JOIN_MERGE = sample('ifs_join_merge.sym');
const TOO_STRONG = sample('join_too_strong.sym');

async function verify(source: string, name: string): Promise<VerifyReport> {
  const { checked, diagnostics } = loadSource(source, name);
  expect(diagnostics).toEqual([]);
  return (await verifyProgram(checked!, solver, { mode: 'explore' })).report;
}

/** The program with its final assertion weakened by one, so that all twelve inputs positive fail it. */
function failingVariant(source: string): string {
  const out = source.replace('assert s >= 0 && s <= 12;', 'assert s <= 11;');
  expect(out).not.toBe(source);
  return out;
}

/** The program with every join statement removed (comments mentioning joins stay). */
function withoutJoins(source: string): string {
  const out = source.replace(/^\s*join\b[^;]*;\s*$/gm, '');
  expect(out).not.toBe(source);
  return out;
}

describe('join samples', () => {
  it('the same verdict as without joins, on under 5% of the paths', async () => {
    const none = await verify(NO_JOIN, 'ifs_no_join.sym');
    expect(none.verdict).toBe('verified');
    expect(none.paths.total).toBe(4096);
    for (const [name, source] of [
      ['ifs_join_phi.sym', JOIN_PHI],
      ['ifs_join_merge.sym', JOIN_MERGE],
    ]) {
      const joined = await verify(source, name);
      const stripped = await verify(withoutJoins(source), name);
      expect({ name, verdict: joined.verdict }).toEqual({ name, verdict: stripped.verdict });
      expect({ name, verdict: joined.verdict }).toEqual({ name, verdict: none.verdict });
      expect(joined.paths.total, name).toBeLessThan(none.paths.total * 0.05);
      expect(joined.paths.bounded + joined.paths.unknown, name).toBe(0);
    }
  }, 60_000);

  it('a failure after the joins is still found (join; is exact, join φ; keeps φ)', async () => {
    const none = await verify(failingVariant(NO_JOIN), 'no_join_fails.sym');
    const phi = await verify(failingVariant(JOIN_PHI), 'phi_fails.sym');
    const merge = await verify(failingVariant(JOIN_MERGE), 'merge_fails.sym');
    for (const r of [none, phi, merge]) {
      expect(r.verdict, r.file).toBe('failed');
      expect(
        r.failures.map((f) => f.kind),
        r.file,
      ).toEqual(['assert']);
    }
    expect(merge.paths.total).toBeLessThan(none.paths.total * 0.05);
  }, 60_000);

  it('the counterexample of a failure after exact merges replays concretely', async () => {
    const source = failingVariant(JOIN_MERGE);
    const report = await verify(source, 'merge_fails.sym');
    const { checked } = loadSource(source, 'merge_fails.sym');
    const proc = resolveEntry(checked!).proc!;
    const [f] = report.failures;
    // Only x0..x11 all positive reach s == 12.
    for (let i = 0; i < 12; i++) expect(Number(f.counterexample[`x${i}`])).toBeGreaterThan(0);
    const r = runConcrete(checked!, proc, parseInputs(f.counterexample, inputTypesOf(checked!, proc)).inputs!);
    expect({ status: r.status, kind: r.failure?.kind, line: r.failure?.span.line }).toEqual({
      status: 'failed',
      kind: 'assert',
      line: f.line,
    });
  }, 60_000);

  it('a too-strong join φ is a join failure at the join, with a replayable counterexample', async () => {
    const report = await verify(TOO_STRONG, 'join_too_strong.sym');
    const joinLine = TOO_STRONG.split('\n').findIndex((l) => /^\s*join s <= 1;/.test(l)) + 1;
    expect(joinLine).toBeGreaterThan(0);
    expect(report.verdict).toBe('failed');
    expect(report.failures.map((f) => [f.kind, f.line])).toEqual([['join', joinLine]]);
    expect(report.failures[0].message).toContain('s <= 1');
    const { checked } = loadSource(TOO_STRONG, 'join_too_strong.sym');
    const proc = resolveEntry(checked!).proc!;
    const cx = report.failures[0].counterexample;
    expect(Number(cx.x)).toBeGreaterThan(0);
    expect(Number(cx.y)).toBeGreaterThan(0);
    const r = runConcrete(checked!, proc, parseInputs(cx, inputTypesOf(checked!, proc)).inputs!);
    expect({ status: r.status, kind: r.failure?.kind, line: r.failure?.span.line }).toEqual({
      status: 'failed',
      kind: 'join',
      line: joinLine,
    });
  });

  it('a join inside a called procedure waits only for the paths of that activation', async () => {
    const source = [
      'proc count(a: int, b: int) returns (s: int)',
      '  ensures s >= 0 && s <= 2',
      '{',
      '  s := 0;',
      '  if (a > 0) { s := s + 1; }',
      '  if (b > 0) { s := s + 1; }',
      '  join;',
      '}',
      'proc main(x: int, y: int, z: int) {',
      '  var t: int := count(x, y);',
      '  var u: int := count(y, z);',
      '  assert t + u <= 3;',
      '}',
    ].join('\n');
    const report = await verify(source, 'calls.sym');
    expect(report.verdict).toBe('failed');
    expect(report.failures.map((f) => [f.kind, f.line])).toEqual([['assert', 12]]);
    const { checked } = loadSource(source, 'calls.sym');
    const proc = resolveEntry(checked!).proc!;
    const cx = report.failures[0].counterexample;
    const r = runConcrete(checked!, proc, parseInputs(cx, inputTypesOf(checked!, proc)).inputs!);
    expect({ status: r.status, line: r.failure?.span.line }).toEqual({ status: 'failed', line: 12 });
  });
});

// The size limit of int values as a runtime failure (kind int-too-large): a concrete run stops
// at the `+ - *` whose result could pass 65,536 bits, verify reports the same failure where
// both operands are known numbers and its counterexample replays, the debugger files it under
// runtime errors, and `symdap run` never prints such a value in full.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import type { Solver } from '../../src/engine/solver/solver';
import type { CheckedProgram } from '../../src/lang/checked';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { formatInteger, formatValue, arrayValue, MAX_PRINTED_DIGITS } from '../../src/engine/concrete/values';
import { isRuntimeError } from '../../src/engine/state/failures';
import { filterOfKind } from '../../src/adapter/runtime/describe';
import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';
import { replayEveryFailure } from '../support/replay';

let solver: Solver;
let dir: string;
beforeAll(async () => {
  solver = new PipelineSolver(await Z3WasmBackend.create());
  dir = await mkdtemp(join(tmpdir(), 'symdap-intlimit-'));
});
afterAll(async () => {
  solver?.dispose();
  await rm(dir, { recursive: true, force: true });
});

function load(source: string): CheckedProgram {
  const { checked, diagnostics } = loadSource(source, 'big.sym');
  expect(diagnostics).toEqual([]);
  return checked!;
}

/** Squares x (from `start`) while the input n allows; the 16th squaring of 2 passes the limit. */
const SQUARING = `proc main(n: int) {
  var x: int := 2;
  var i: int := 0;
  while (i < n && i < 20) {
    x := x * x;
    i := i + 1;
  }
}`;

/** A sum at the limit: z = 2^65532 has 65,533 bits, so any z + 1 could pass 65,536. */
const SUM = `proc main() {
  var x: int := 2;
  var i: int := 0;
  while (i < 15) { x := x * x; i := i + 1; }
  var y: int := x * (x / 32);
  var z: int := y + y;
  var w: int := z + 1;
}`;

describe('int-too-large', () => {
  it('a concrete run fails at the operation, with the limit in the message', () => {
    const checked = load(SQUARING);
    const r = runConcrete(checked, checked.procs.get('main')!, new Map([['n', 100n]]));
    expect(r.status).toBe('failed');
    expect(r.failure).toEqual({
      kind: 'int-too-large',
      span: { line: 5, col: 10, endLine: 5, endCol: 15 },
      message: 'x * x',
    });
    expect(r.message).toBe('the result of * has more than 65,536 bits, the limit of int values');
    expect(r.store.get('i')).toBe(15n); // 2^(2^15) squared is 2^65536: 65,537 bits
    expect(runConcrete(checked, checked.procs.get('main')!, new Map([['n', 15n]])).status).toBe('ok');
  });

  it('verify reports it only for the inputs that reach it, and the counterexample replays', async () => {
    const checked = load(SQUARING);
    const r = await verifyProgram(checked, solver, { loopBound: 20 });
    expect(r.report.failures.map((f) => `${f.kind}@${f.line}:${f.column}`)).toEqual(['int-too-large@5:10']);
    expect(r.report.failures[0].counterexample.n).toBeGreaterThan(15);
    expect(await replayEveryFailure(solver, checked, 'explore', { loopBound: 20 })).toBe(1);
  });

  it('is a runtime error: the debugger stops on it under the runtime-error filter', () => {
    expect(isRuntimeError('int-too-large')).toBe(true);
    expect(filterOfKind('int-too-large')).toBe('runtime');
  });

  it('huge integers print abbreviated, with their number of digits', () => {
    expect(formatInteger(12345n)).toBe('12345');
    const sixty = -(10n ** BigInt(MAX_PRINTED_DIGITS - 1));
    expect(formatInteger(sixty)).toBe(sixty.toString());
    const big = 1n << 65_535n;
    const digits = big.toString();
    const text = formatValue(big);
    expect(text).toBe(`${digits.slice(0, 20)}…${digits.slice(-20)} (19,729 digits)`);
    expect(formatValue(-big)).toBe(`-${text}`);
    expect(formatValue(arrayValue([big, 1n]))).toBe(`[${text}, 1]`);
  });

  it('symdap run reports the failure at its line and column and prints no value in full', async () => {
    const file = join(dir, 'sum.sym');
    await writeFile(file, SUM);
    const io = bufferIO();
    const code = await main(['run', file], io);
    expect(code).toBe(1);
    const lines = io.stdout().split('\n');
    expect(lines[0]).toBe(
      `${file}:7:17: integer too large: z + 1 (the result of + has more than 65,536 bits, the limit of int values)`,
    );
    const z = (1n << 65_532n).toString();
    expect(lines).toContain(`z = ${z.slice(0, 20)}…${z.slice(-20)} (19,728 digits)`);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(200);
  });

  it('verify finds the same failure in the sum', async () => {
    const r = await verifyProgram(load(SUM), solver, { loopBound: 15 });
    expect(r.report.failures.map((f) => `${f.kind}@${f.line}:${f.column}`)).toEqual(['int-too-large@7:17']);
  });
});

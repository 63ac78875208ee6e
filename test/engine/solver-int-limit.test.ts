// The size limit of int values (semantics.MAX_INT_BITS): concrete arithmetic refuses results
// past it with an error naming the limit, folding leaves such terms symbolic, evaluation
// answers "cannot evaluate", and `x := x * x` forty times from 2 neither runs nor verifies
// for minutes: the run and verify both fail (int-too-large) at the product, within seconds.

import { describe, expect, it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { arith } from '../../src/engine/concrete/arith';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { evaluate, EvaluationError, tryEvaluate } from '../../src/engine/terms/evaluate';
import { applyNumeric, foldNumeric, IntLimitError, MAX_INT_BITS } from '../../src/engine/terms/semantics';
import { TermStore } from '../../src/engine/terms/store';
import { verifySource } from '../../src/engine/verify/verifySource';

const INT = { kind: 'int' } as const;
const HALF = 1n << BigInt(MAX_INT_BITS / 2 - 8); // its square is within the limit
const BIG = 1n << BigInt(MAX_INT_BITS - 8); // its square is not

const SQUARES =
  'proc main() { var x: int := 2; var i: int := 0; while (i < 40) { x := x * x; i := i + 1; } assert x > 0; }';

describe('int size limit', () => {
  it('applies to * + - on int only, before computing', () => {
    expect(applyNumeric('mul', INT, HALF, HALF)).toBe(HALF * HALF);
    expect(() => applyNumeric('mul', INT, BIG, BIG)).toThrow(IntLimitError);
    expect(() => applyNumeric('mul', INT, BIG, BIG)).toThrow(/more than 65,536 bits/);
    expect(() => applyNumeric('add', INT, BIG << 8n, 1n)).toThrow(IntLimitError);
    expect(() => applyNumeric('sub', INT, 1n, -(BIG << 8n))).toThrow(IntLimitError);
    expect(applyNumeric('div', INT, BIG * 255n, 3n)).toBe(BIG * 85n); // shrinking is fine
    // Bit-vectors wrap and never grow.
    expect(applyNumeric('mul', { kind: 'bv', width: 64, signed: false }, (1n << 64n) - 1n, (1n << 64n) - 1n)).toBe(1n);
    expect(foldNumeric('mul', INT, BIG, BIG)).toBeUndefined();
    expect(foldNumeric('mul', INT, 6n, 7n)).toBe(42n);
  });

  it("the concrete interpreter's arithmetic reports it", () => {
    expect(() => arith('*', BIG, BIG, { kind: 'int' })).toThrow(/integer too large.*65,536 bits/);
  });

  it('folding leaves a too large product symbolic; evaluating it is "cannot evaluate"', () => {
    const s = new TermStore();
    const small = s.mul(s.int(HALF), s.int(HALF));
    expect(small.op).toBe('const');
    const big = s.mul(s.int(BIG), s.int(BIG));
    expect(big.op).toBe('mul');
    expect(() => evaluate(big, () => undefined)).toThrow(EvaluationError);
    expect(tryEvaluate(s.lt(s.int(0n), big), () => undefined)).toBeUndefined();
  });

  it("a run of x := x * x forty times stops with the limit's message at once", () => {
    const { checked } = loadSource(SQUARES, 'squares.sym');
    const start = Date.now();
    const r = runConcrete(checked!, checked!.procs.get('main')!, new Map());
    expect(Date.now() - start).toBeLessThan(5_000);
    expect(r.status).toBe('failed');
    expect(r.failure).toMatchObject({ kind: 'int-too-large', span: { line: 1, col: 71 }, message: 'x * x' });
    expect(r.message).toMatch(/^the result of \* has more than 65,536 bits/);
  });

  it('verify of x := x * x forty times fails at the product as the run does, within seconds', async () => {
    const start = Date.now();
    const r = await verifySource(SQUARES, 'squares.sym', { loopBound: 40 });
    expect(r.report.verdict).toBe('failed');
    expect(r.report.failures.map((f) => [f.kind, f.line, f.column])).toEqual([['int-too-large', 1, 71]]);
    expect(Date.now() - start).toBeLessThan(20_000);
  }, 60_000);
});

// SMT-LIB2 text: exact text for typical terms, and (when a native z3 is installed) the
// property that z3 agrees with evaluate() on random terms over every operator.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/terms/evaluate';
import { printTerm } from '../../src/engine/terms/print';
import { declarations, toSmtLib } from '../../src/engine/terms/smtlib';
import { TermStore } from '../../src/engine/terms/store';
import { freeSymbols } from '../../src/engine/terms/symbols';
import type { Term } from '../../src/engine/terms/term';
import type { Value } from '../../src/engine/terms/values';
import { rng, TermGen } from './terms-gen';
import { optionalTool } from '../support/optionalTools';

describe('toSmtLib', () => {
  const s = new TermStore();
  const i8 = s.bvSort(8, true);
  const u8 = s.bvSort(8, false);
  const x = s.symbol(s.intSort, 'x', 'input x');
  const b = s.symbol(i8, 'b', 'input b');
  const u = s.symbol(u8, 'u', 'input u');
  const a = s.symbol(s.arraySort(i8), 'a@3', 'havoc of a at line 3');

  it('names symbols by their quoted internal name and declares them', () => {
    expect(toSmtLib(s.lt(b, s.bvConst(-1n, i8)))).toBe(`(bvslt |${b.symbol?.name}| (_ bv255 8))`);
    expect(toSmtLib(s.lt(u, s.bvConst(7n, u8)))).toBe(`(bvult |${u.symbol?.name}| (_ bv7 8))`);
    expect(declarations([s.add(x, x), s.select(a, x)])).toEqual([
      `(declare-fun |${x.symbol?.name}| () Int)`,
      `(declare-fun |${a.symbol?.name}| () (Array Int (_ BitVec 8)))`,
    ]);
    expect(a.symbol?.name).toMatch(/^a@3!\d+$/);
  });

  it('encodes operators by sort', () => {
    const X = `|${x.symbol?.name}|`;
    const B = `|${b.symbol?.name}|`;
    const U = `|${u.symbol?.name}|`;
    expect(toSmtLib(s.add(x, s.int(-2n)))).toBe(`(- ${X} 2)`);
    expect(toSmtLib(s.mul(x, s.int(-2n)))).toBe(`(* ${X} (- 2))`);
    expect(toSmtLib(s.div(b, s.bvConst(3n, i8)))).toBe(`(bvsdiv ${B} (_ bv3 8))`);
    expect(toSmtLib(s.mod(u, s.bvConst(3n, u8)))).toBe(`(bvurem ${U} (_ bv3 8))`);
    expect(toSmtLib(s.shr(b, s.bvConst(1n, i8)))).toBe(`(bvashr ${B} (_ bv1 8))`);
    expect(toSmtLib(s.shr(u, s.bvConst(1n, u8)))).toBe(`(bvlshr ${U} (_ bv1 8))`);
    expect(toSmtLib(s.div(x, s.int(3n)))).toBe(
      `(let (($a ${X}) ($b 3)) (ite (= $b 0) 0 (ite (>= $a 0) (div $a $b) (- (div (- $a) $b)))))`,
    );
    expect(toSmtLib(s.cast(b, s.bvSort(16, false)))).toBe(`((_ sign_extend 8) ${B})`);
    expect(toSmtLib(s.cast(u, s.bvSort(32, true)))).toBe(`((_ zero_extend 24) ${U})`);
    expect(toSmtLib(s.cast(s.cast(x, s.bvSort(16, true)), i8))).toBe(`((_ int2bv 8) ${X})`);
    expect(toSmtLib(s.cast(s.symbol(s.bvSort(16, true), 'w', 't'), u8))).toMatch(/^\(\(_ extract 7 0\) \|w!\d+\|\)$/);
    expect(toSmtLib(s.cast(u, s.intSort))).toBe(`(bv2nat ${U})`);
    expect(toSmtLib(s.cast(b, s.intSort))).toBe(`(- (bv2nat (bvadd ${B} (_ bv128 8))) 128)`);
    expect(toSmtLib(s.constArray(s.intSort, s.int(0n)))).toBe('((as const (Array Int Int)) 0)');
    const k = s.bound('k', s.intSort);
    expect(toSmtLib(s.exists([k], s.lt(x, k)))).toBe(`(exists ((|k| Int)) (< ${X} |k|))`);
  });

  it('shares repeated sub-terms with let', () => {
    const X = `|${x.symbol?.name}|`;
    const sq = s.mul(x, x);
    const t = s.add(sq, s.mul(sq, sq));
    expect(toSmtLib(t)).toBe(`(let (($t${sq.id} (* ${X} ${X}))) (+ $t${sq.id} (* $t${sq.id} $t${sq.id})))`);
    expect(toSmtLib(t, { share: false })).toBe(`(+ (* ${X} ${X}) (* (* ${X} ${X}) (* ${X} ${X})))`);
  });
});

const hasZ3 = optionalTool(
  'z3 (native)',
  spawnSync('z3', ['-version'], { encoding: 'utf8' }).status === 0,
  'apt-get install z3',
);

describe.skipIf(!hasZ3)('native z3 agrees with evaluate', () => {
  it('on random terms over every operator', () => {
    const script: string[] = [];
    const cases: string[] = [];
    for (let seed = 1; seed <= 250; seed++) {
      const s = new TermStore();
      const gen = new TermGen(s, rng(seed));
      const t = gen.term(gen.pick([s.boolSort, ...gen.numericSorts]), 4);
      const values = gen.assignment();
      const expected = evaluate(t, (sym: Term): Value | undefined => values.get(sym.id));
      script.push('(push 1)', ...declarations([t]));
      for (const sym of freeSymbols(t))
        script.push(`(assert (= ${toSmtLib(sym)} ${toSmtLib(s.constOf(values.get(sym.id) as Value, sym.sort))}))`);
      script.push(
        `(assert (not (= ${toSmtLib(t)} ${toSmtLib(s.constOf(expected, t.sort))})))`,
        '(check-sat)',
        '(pop 1)',
      );
      cases.push(`seed ${seed}: ${printTerm(t, { maxLength: 300 })} = ${String(expected)}`);
    }
    const z3 = spawnSync('z3', ['-in', '-smt2'], { input: script.join('\n'), encoding: 'utf8', timeout: 50_000 });
    const answers = z3.stdout
      .trim()
      .split('\n')
      .map((l) => l.trim());
    const wrong = cases.filter((_, i) => answers[i] !== 'unsat').map((c, i) => `${answers[i]}: ${c}`);
    expect(answers.length, z3.stdout.slice(0, 2000)).toBe(cases.length);
    expect(wrong).toEqual([]);
  });
});

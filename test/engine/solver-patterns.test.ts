// Quantifier patterns (Viper's triggers, terms/patterns.ts): part of a quantifier term's identity,
// dropped all together when one cannot be a Z3 pattern, kept by substitution, and handed to both
// solver routes: the WASM translation builds Z3 patterns, the SMT-LIB text writes `:pattern`, and
// Z3 instantiates the quantifier on them (the query is unsat only through that instance).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Z3_ast, Z3_context, Z3Core } from 'z3-solver';
import { TermStore } from '../../src/engine/terms/store';
import { quantParts, type Term } from '../../src/engine/terms/term';
import { toSmtLib } from '../../src/engine/terms/smtlib';
import { printTerm } from '../../src/engine/terms/print';
import { foldTerm } from '../../src/engine/terms/traverse';
import { Z3Translator } from '../../src/engine/solver/z3translate';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { Z3NativeBackend } from '../../src/engine/solver/z3native';
import { z3NativeAvailable } from '../../src/engine/solver';

/** `forall x: Int :: {f(x)} g(x) > 0` and its parts. */
function axiom(s: TermStore, triggers?: (x: Term) => Term[][]) {
  const x = s.bound('x', s.intSort);
  const f = (t: Term): Term => s.app('f', [t], s.intSort);
  const g = (t: Term): Term => s.app('g', [t], s.intSort);
  const q = s.forall([x], s.lt(s.int(0n), g(x)), triggers?.(x) ?? [[f(x)]]);
  return { x, f, g, q };
}

describe('pattern terms', () => {
  it('are part of the quantifier: with and without them, two terms', () => {
    const s = new TermStore();
    const { q } = axiom(s);
    const plain = axiom(s, () => []).q;
    expect(q).not.toBe(plain);
    expect(quantParts(q).patterns.map((p) => printTerm(p))).toEqual(['{f(x)}']);
    expect(quantParts(plain).patterns).toEqual([]);
    expect(printTerm(q)).toBe('forall x: int :: {f(x)} g(x) > 0');
  });

  it('are dropped all together when one group cannot be a pattern', () => {
    const s = new TermStore();
    const y = s.bound('y', s.intSort);
    const plain = axiom(s, () => []).q;
    const bad: ((x: Term) => Term[][])[] = [
      (x) => [[s.app('f', [x], s.intSort)], [x]], // a bare variable
      (x) => [[s.app('h', [s.eq(x, s.int(1n))], s.intSort)]], // an equality inside
      (x) => [[s.app('f', [s.add(x, y)], s.intSort)]], // another binder's variable
      () => [[s.app('f', [s.int(1n)], s.intSort)]], // no variable of the quantifier
    ];
    for (const b of bad) expect(axiom(s, b).q).toBe(plain);
  });

  it('follow a substitution of the body and the triggers', () => {
    const s = new TermStore();
    const c = s.symbol(s.intSort, 'c', 'test');
    const x = s.bound('x', s.intSort);
    const q = s.forall([x], s.lt(c, s.app('g', [x], s.intSort)), [[s.app('f', [x, c], s.intSort)]]);
    const d = s.int(7n);
    const r = foldTerm<Term>(q, (u, args) =>
      u === c ? d : args.every((a, i) => a === u.args[i]) ? u : s.rebuild(u, args),
    );
    expect(printTerm(r)).toBe('forall x: int :: {f(x, 7)} g(x) > 7');
  });

  it('are written as SMT-LIB :pattern annotations', () => {
    const s = new TermStore();
    expect(toSmtLib(axiom(s).q)).toBe('(forall ((|x| Int)) (! (< 0 (|$f.g| |x|)) :pattern ((|$f.f| |x|))))');
  });
});

describe('pattern terms in Z3', () => {
  let wasm: Z3WasmBackend;
  let native: Z3NativeBackend | undefined;
  beforeAll(async () => {
    wasm = await Z3WasmBackend.create();
    native = z3NativeAvailable() ? Z3NativeBackend.create() : undefined;
  });
  afterAll(() => {
    wasm.dispose();
    native?.dispose();
  });

  it('become Z3 patterns in the WASM translation', async () => {
    const { init } = await import('z3-solver');
    const { Z3 } = (await init()) as unknown as { Z3: Z3Core };
    const cfg = Z3.mk_config();
    const ctx: Z3_context = Z3.mk_context_rc(cfg);
    Z3.del_config(cfg);
    try {
      const s = new TermStore();
      const tr = new Z3Translator(Z3, ctx);
      const ast: Z3_ast = tr.translate(axiom(s).q);
      expect(Z3.get_quantifier_num_patterns(ctx, ast)).toBe(1);
      expect(Z3.get_quantifier_num_patterns(ctx, tr.translate(axiom(s, () => []).q))).toBe(0);
      tr.clear();
    } finally {
      Z3.del_context(ctx);
    }
  });

  it('instantiate the quantifier where the trigger term occurs, on every backend', async () => {
    const s = new TermStore();
    const { f, g, q } = axiom(s);
    const a = s.symbol(s.intSort, 'a', 'test');
    // g(a) <= 0 contradicts the axiom's instance at a, which f(a) triggers.
    const query = [q, s.eq(f(a), s.int(3n)), s.le(g(a), s.int(0n))];
    expect((await wasm.check(query, { wantModel: false })).status).toBe('unsat');
    if (native) expect((await native.check(query, { wantModel: false })).status).toBe('unsat');
  });
});

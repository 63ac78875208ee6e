// The `synth` declaration in the language (docs/design.md C.11): parsing with the `|` splitting rule,
// printer round trip, and checker errors with lines for grammars that must be rejected.

import { describe, expect, it } from 'vitest';
import { parse } from '../../src/lang/parser';
import { loadSource } from '../../src/lang/frontend';
import { formatDiagnostic } from '../../src/lang/diagnostics';
import { printProgram, printExpr } from '../../src/lang/printer';
import type { SynthDecl } from '../../src/lang/ast';

const synthOf = (src: string): SynthDecl => parse(src, 't.sym').program!.decls[0] as SynthDecl;
const errors = (src: string): string[] => loadSource(src, 'bad.sym').diagnostics.map(formatDiagnostic);

describe('synth declarations', () => {
  it('splits a rule at top-level | only', () => {
    const s = synthOf(
      'synth p(x: i32): bool grammar { B: bool ::= B && B | B || B | x < I; I: i32 ::= (x | const) | x; } depth 3;',
    );
    expect(s.rules[0].alts.map((a) => printExpr(a))).toEqual(['B && B', 'B || B', 'x < I']);
    expect(s.rules[1].alts.map((a) => printExpr(a))).toEqual(['x | const', 'x']);
    expect(s.depth).toBe(3);
  });

  it('prints and reparses to the same program', () => {
    const src =
      'synth p(x: i32): bool grammar { B: bool ::= B && B | x < I; I: i32 ::= (x | const) | x + 1; } depth 3;\nproc main() { var b: bool := p(3); }';
    const once = printProgram(parse(src, 't.sym').program!);
    expect(printProgram(parse(once, 't.sym').program!)).toBe(once);
    expect(errors(once)).toEqual([]);
  });

  it('rejects grammars that do not type, bad depths, calls and an undeclared const outside grammars, with lines', () => {
    const src = `synth f(x: int): int grammar { E: int ::= x | const * E | E / E | g(x) | true; } depth 7;
synth g(x: int[]): bool grammar { B: int ::= B + 1; } depth 0;
synth h(x: int): int grammar { E: int ::= E + E; } depth 2;
proc main() { var a: int := const; var b: int := f(1, 2); }`;
    expect(errors(src)).toEqual([
      "bad.sym:1:47: error: '*' on int needs a literal operand in a grammar (write '10 * E', not 'const * E': products of unknowns are nonlinear for the solver)",
      "bad.sym:1:59: error: '/' is not allowed in a grammar: a synthesised function must be total",
      'bad.sym:1:67: error: calls are not allowed in a grammar: a synth function cannot call procedures, functions or synth functions (no recursion through synth)',
      "bad.sym:1:74: error: an alternative of 'E' must have type int, not bool",
      "bad.sym:1:88: error: the depth of synth function 'f' must be an integer from 1 to 6",
      "bad.sym:2:9: error: parameter 'x' of synth function 'g' must have a scalar type (int, bool, iN, uN), not int[]",
      "bad.sym:2:35: error: the start symbol 'B' has type int but 'g' returns bool",
      "bad.sym:2:61: error: the depth of synth function 'g' must be an integer from 1 to 6",
      "bad.sym:3:58: error: the grammar of 'h' derives no term of depth 2 or less (every alternative of 'E' needs a deeper nonterminal)",
      "bad.sym:4:29: error: unknown variable 'const'",
      "bad.sym:4:50: error: synth function 'f' expects 1 argument but got 2",
    ]);
  });

  it('keeps grammar, depth and const contextual: ordinary names outside a synth grammar', () => {
    const src = `synth f(depth: int, x: int): int grammar { grammar: int ::= depth | x | const | grammar + grammar; } depth 2;
proc main() { var depth: int := 1; var const: int := depth + 1; var grammar: int := f(const, 2); assert const == 2; }`;
    expect(errors(src)).toEqual([]);
    const s = synthOf(src);
    expect(s.params.map((p) => p.name)).toEqual(['depth', 'x']);
    expect(s.rules[0].alts.map((a) => printExpr(a))).toEqual(['depth', 'x', 'const', 'grammar + grammar']);
    expect(errors(printProgram(parse(src, 't.sym').program!))).toEqual([]);
  });

  it('rejects a parameter or nonterminal named const: in the grammar const is the constant hole', () => {
    const src =
      'synth f(const: int): int grammar { E: int ::= 1; } depth 1;\nsynth g(x: int): int grammar { const: int ::= x; } depth 1;';
    expect(errors(src)).toEqual([
      "bad.sym:1:9: error: 'const' cannot name a parameter of synth function 'f': in its grammar 'const' is the synthesised constant",
      "bad.sym:2:32: error: 'const' cannot name a nonterminal of synth function 'g': in its grammar 'const' is the synthesised constant",
    ]);
  });
});

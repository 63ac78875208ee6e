// Division and sequence indexing in a Viper postcondition (docs/viper.md): its definedness is checked once, from the
// precondition with arbitrary results, as Viper does (`not.wellformed:division.by.zero` at the
// clause), for methods and functions alike; a postcondition whose divisor the precondition or an
// earlier clause keeps non-zero verifies. A predicate body's divisions are checked once too, by the
// well-formedness pass (`predicate.not.wellformed:division.by.zero` where the body starts).

import { describe, expect, it } from 'vitest';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-postdiv-');
const DIV = 'not.wellformed:division.by.zero';

describe('division in postconditions on .vpr', () => {
  it('a method postcondition dividing by a value that may be zero is not well-formed', async () => {
    const src = `method m(x: Int) returns (r: Int)
  ensures r == 1 \\ x
{
  assume false
}

method ok(x: Int) returns (r: Int)
  requires x != 0
  ensures r == 10 \\ x && r % x >= 0
{
  r := 10 \\ x
  assume r % x >= 0
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 2, viperError: DIV }] });
  }, 60_000);

  it('a method postcondition indexing a sequence out of range is not well-formed, with a body or none', async () => {
    // silicon/0083.vpr's test10: a method without a body never reaches its postcondition, so
    // only the well-formedness pass can report it.
    const src = `method abstract(xs: Seq[Int])
  ensures xs[1] != 0

method guarded(xs: Seq[Int]) returns (r: Int)
  requires |xs| > 1
  ensures xs[1] != 0 ==> r == 0
{
  r := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 2, viperError: 'not.wellformed:seq.index.length' }],
    });
  }, 60_000);

  it('a function postcondition: checked where it is, an earlier clause can guard it', async () => {
    const src = `function f(): Int
  ensures 1 \\ result != 1

function g(): Int
  ensures result != 0
  ensures 1 \\ result != 1

function h(): Int
  ensures result == 0 || 5 % result >= 0
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 2, viperError: DIV }] });
  }, 60_000);

  it('a predicate body dividing by a value that may be zero is not well-formed', async () => {
    const src = `field f: Int
predicate p(x: Ref) { acc(x.f) && 1 \\ x.f > 0 }
predicate q(n: Int) { n % 2 == 0 }
method m() {}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      // q divides by 2 only: well-formed.
      failures: [{ line: 2, viperError: 'predicate.not.wellformed:division.by.zero' }],
    });
  }, 60_000);

  it('a predicate body whose divisor an earlier part keeps non-zero: fold and unfold use the quotient', async () => {
    const src = `field f: Int
predicate p(x: Ref) { acc(x.f) && x.f != 0 && 10 \\ x.f >= -10 && 10 % x.f >= 0 }

method ok(x: Ref)
  requires acc(x.f) && x.f == 5
  ensures acc(p(x)) && unfolding p(x) in 10 \\ x.f == 2
{
  fold p(x)
}

method bad(x: Ref)
  requires acc(x.f)
{
  fold p(x)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 14, viperError: 'fold.failed:assertion.false' }],
    });
  }, 60_000);
});

// Symbolic parts of predicate instances on .vpr through the real CLI and Z3 (docs/viper.md
// "Fractions of predicate instances", issue 24): `acc(P(x), k)` for a Perm k, fold and unfold
// of a symbolic part, Viper's `permission.not.positive` and `negative.permission` ids, the
// solver deciding what is held, and the shapes still refused by name.

import { describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { symdap } from '../../support/cli';
import { scratchVerifier } from './verifyVpr';

const verify = scratchVerifier('symdap-viper-predsym-');
const CELL = 'field f: Int\npredicate P(x: Ref) { acc(x.f) }\n';

describe('symbolic parts of predicate instances on .vpr', () => {
  it('a Perm part lent and returned: the caller rejoins a whole; what is left after exhaling k cannot write', async () => {
    const src = `${CELL}
method lend(x: Ref, k: Perm) returns (v: Int)
  requires none < k && acc(P(x), k)
  ensures acc(P(x), k)
{
  unfold acc(P(x), k)
  v := x.f
  fold acc(P(x), k)
}

method main(x: Ref, k: Perm)
  requires none < k && k < write && acc(P(x))
{
  var v: Int
  v := lend(x, k)
  unfold P(x)
  x.f := v + 1
  fold P(x)
  exhale acc(P(x), k)
  unfold acc(P(x), write - k)
  x.f := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 23, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 180_000);

  it('taking a symbolic part needs it held: exhale and a callee requires fail where less may be held', async () => {
    const src = `${CELL}
method need(x: Ref, k: Perm)
  requires none < k && acc(P(x), k)

method m(x: Ref, j: Perm, k: Perm)
  requires none < j && none < k && acc(P(x), j)
{
  exhale acc(P(x), j / 2)
  need(x, j / 2)
  need(x, k)
}

method n(x: Ref, k: Perm)
  requires none < k && acc(P(x), k)
{
  exhale acc(P(x), k)
  exhale acc(P(x), k)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 12, viperError: 'call.precondition:insufficient.permission' },
        { line: 19, viperError: 'exhale.failed:insufficient.permission' },
      ],
    });
  }, 60_000);

  it('fold and unfold need a positive part; an exhaled part may not be negative (Viper ids)', async () => {
    const src = `${CELL}
method fo(x: Ref, k: Perm)
  requires k >= none && acc(x.f)
{
  fold acc(P(x), k)
}

method u(x: Ref, k: Perm)
  requires acc(P(x))
{
  assume k == -(1/2)
  unfold acc(P(x), k)
}

method e(x: Ref, k: Perm)
  requires acc(P(x)) && k <= write
{
  exhale acc(P(x), k)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 7, viperError: 'fold.failed:permission.not.positive' },
        { line: 14, viperError: 'unfold.failed:permission.not.positive' },
        { line: 20, viperError: 'exhale.failed:negative.permission' },
      ],
    });
  }, 60_000);

  it('unfolding a symbolic part gives the body at that part: enough to read, not to write', async () => {
    const src = `${CELL}
method m(x: Ref, k: Perm)
  requires none < k && k < write && acc(P(x), k)
{
  unfold acc(P(x), k)
  assert perm(x.f) == k
  var v: Int := x.f
  x.f := v
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 10, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('two symbolic parts of instances that may be one: held summed only where the arguments are equal', async () => {
    const src = `${CELL}
method m(x: Ref, y: Ref, k: Perm)
  requires none < k && acc(P(x), k) && acc(P(y), k)
{
  assert x == y ==> perm(P(x)) == 2 * k
  exhale acc(P(x), k)
  exhale acc(P(y), k)
}

method n(x: Ref, y: Ref, k: Perm)
  requires none < k && acc(P(x), k) && acc(P(y), k)
{
  assert perm(P(x)) == k
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 15, viperError: 'assert.failed:assertion.false' }],
    });
  }, 60_000);

  it('a body holding a half and another instance, folded and unfolded at k: amounts a·k, nested parts', async () => {
    const src = `field f: Int
field g: Int
predicate Q(x: Ref) { acc(x.g) }
predicate P(x: Ref) { acc(x.f, 1/2) && Q(x) }
method m(x: Ref, k: Perm)
  requires none < k && k < write && acc(x.f) && acc(Q(x))
{
  fold acc(P(x), k)
  assert perm(x.f) == write - k / 2
  assert perm(Q(x)) == write - k
  unfold acc(P(x), k)
  assert perm(x.f) == write
  unfold Q(x)
  x.g := 1
  fold Q(x)
  fold acc(P(x), k)
  unfold acc(Q(x), write - k)
  x.g := 2
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 18, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('an abstract predicate: symbolic parts taken and joined on its snapshot', async () => {
    const src = `predicate Q(x: Ref)
method m(x: Ref, k: Perm)
  requires none < k && acc(Q(x), k)
{
  exhale acc(Q(x), k / 2)
  assert perm(Q(x)) == k / 2
  inhale acc(Q(x), k / 2)
  exhale acc(Q(x), k)
  exhale acc(Q(x), k / 2)
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 9, viperError: 'exhale.failed:insufficient.permission' }],
    });
  }, 60_000);

  it('refused by name: a wildcard times a symbolic amount, a part in a predicate body', async () => {
    const cases: [string, RegExp][] = [
      [
        'predicate W(x: Ref) { acc(x.f, wildcard) && (x.f > 0 ==> W(x)) }\nmethod m(x: Ref, k: Perm) requires none < k && acc(W(x), k) {}',
        /body holds a wildcard and is kept as a snapshot \(W\)/,
      ],
      [
        'predicate V(x: Ref, k: Perm) { none < k && acc(x.f, k) }\nmethod m(x: Ref) requires acc(V(x, 1/2), wildcard) {}',
        /a wildcard amount of an instance whose body holds a symbolic amount \(V\)/,
      ],
      [
        `predicate P(x: Ref) { acc(x.f) }\npredicate Q(x: Ref, k: Perm) { none < k && acc(P(x), k) }`,
        /in a predicate body/,
      ],
    ];
    const dir = await mkdtemp(join(tmpdir(), 'symdap-viper-predsym-refused-'));
    try {
      for (const [i, [body, why]] of cases.entries()) {
        const file = join(dir, `r${i}.vpr`);
        await writeFile(file, `field f: Int\n${body}\n`);
        const json = JSON.parse((await symdap('verify', file, '--json')).out) as {
          verdict: string;
          diagnostics: { message: string }[];
        };
        expect(json.verdict, body).toBe('unsupported');
        expect(json.diagnostics.map((d) => d.message).join('\n'), body).toMatch(why);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

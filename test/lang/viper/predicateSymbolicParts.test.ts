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

  it('in a function: its precondition and body take a Perm part; applications and the body are checked', async () => {
    const fn = (pre: string, post = 'true') => `function g(x: Ref, p: Perm): Int
  requires ${pre}
  ensures ${post}
{ unfolding acc(P(x), p) in x.f }
`;
    // The body needs a positive part, and the part its precondition holds.
    expect(await verify(`${CELL}${fn('p >= none && acc(P(x), p)')}`)).toEqual({
      verdict: 'failed',
      failures: [{ line: 3, viperError: 'function.not.wellformed:permission.not.positive' }],
    });
    expect(await verify(`${CELL}${fn('p > none && acc(P(x), p / 2)')}`)).toEqual({
      verdict: 'failed',
      failures: [{ line: 3, viperError: 'function.not.wellformed:insufficient.permission' }],
    });
    // Applied at a constant and a symbolic part: its value is the instance's, whatever the
    // part; an application needs its part held.
    const src = `${CELL}${fn('p > none && acc(P(x), p)', 'result == (unfolding acc(P(x), p) in x.f)')}
method m(x: Ref, q: Perm)
  requires q > none && acc(P(x), q)
{
  var a: Int := g(x, q)
  unfold acc(P(x), q)
  assert a == x.f
  fold acc(P(x), q)
  assert g(x, q / 2) == a
  assert a == 0
}

method n(x: Ref)
  requires acc(P(x))
{
  unfold P(x)
  x.f := 5
  fold P(x)
  assert g(x, 1/2) == 5
  exhale acc(P(x), 3/4)
  assert g(x, 1/2) == 5
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 16, viperError: 'assert.failed:assertion.false' },
        { line: 27, viperError: 'application.precondition:insufficient.permission' },
      ],
    });
  }, 180_000);

  it('a body holding a symbolic amount, at a constant or a symbolic part: the amount times the part', async () => {
    const src = `field v: Int
predicate V(s: Ref, rd: Perm) { none < rd && acc(s.v, rd) }

method half(s: Ref)
  requires acc(V(s, 1/2), 1/2)
{
  unfold acc(V(s, 1/2), 1/2)
  assert perm(s.v) == 1/4
}

method part(s: Ref, q: Perm, k: Perm)
  requires none < k && acc(V(s, q), k)
{
  unfold acc(V(s, q), k)
  assert perm(s.v) == q * k
  fold acc(V(s, q), k)
  assert perm(s.v) == none
  assert perm(V(s, q)) == k
  unfold acc(V(s, q), k)
  s.v := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 20, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 120_000);

  it('an amount in a predicate body or a contract that may be negative: not well-formed (Viper ids)', async () => {
    const src = `field v: Int
predicate V(s: Ref, rd: Perm) { acc(s.v, rd) }
predicate W(s: Ref, rd: Perm) { none <= rd && acc(s.v, rd) }

method m(x: Ref, p: Perm)
  requires acc(x.v, p)

method n(x: Ref, p: Perm)
  requires none <= p && acc(x.v, p)

function f(x: Ref, p: Perm): Int
  requires acc(x.v, p)
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 2, viperError: 'predicate.not.wellformed:negative.permission' },
        { line: 6, viperError: 'not.wellformed:negative.permission' },
        { line: 12, viperError: 'not.wellformed:negative.permission' },
      ],
    });
  }, 120_000);

  it('a recursive predicate at a Perm part: its snapshot unfolds at a·k, folds back, and a function unfolds it', async () => {
    const src = `field val: Int
field next: Ref
predicate list(x: Ref) { acc(x.val) && acc(x.next) && (x.next != null ==> list(x.next)) }

function len(x: Ref, p: Perm): Int
  requires none < p && acc(list(x), p)
  ensures result >= 1
{ unfolding acc(list(x), p) in (x.next == null ? 1 : 1 + len(x.next, p)) }

method reader(x: Ref, k: Perm) returns (v: Int)
  requires none < k && acc(list(x), k)
  ensures acc(list(x), k) && v == old(unfolding acc(list(x), k) in x.val)
{
  unfold acc(list(x), k)
  assert perm(x.val) == k && (x.next != null ==> perm(list(x.next)) == k)
  v := x.val
  fold acc(list(x), k)
  assert len(x, k) >= 1
}

method main(x: Ref, k: Perm)
  requires none < k && k < write && acc(list(x))
{
  var v: Int
  v := reader(x, k)
  unfold list(x)
  x.val := v + 1
  fold list(x)
  exhale acc(list(x), k)
  unfold acc(list(x), write - k)
  assert x.val == v + 1
  x.val := 0
}
`;
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [{ line: 32, viperError: 'assignment.failed:insufficient.permission' }],
    });
  }, 120_000);

  it('a body holding a wildcard at a Perm part: some positive part of it when the part is positive, none when it is 0', async () => {
    const src = `field x: Int
predicate Read(this: Ref) { acc(this.x, wildcard) }

method read(this: Ref, k: Perm)
  requires none < k && write > k && acc(Read(this), k)
{
  unfold acc(Read(this), k)
  assert acc(this.x, wildcard)
  assert acc(this.x, k)
}

method zero(this: Ref, p: Perm)
  requires none <= p && acc(Read(this), p) && acc(this.x)
{
  assert false
}

method lend(this: Ref, k: Perm)
  requires none < k && acc(this.x, 1/2)
{
  fold acc(Read(this), k)
  assert perm(this.x) > none
  this.x := 3
}
`;
    // zero: held at p = 0 the body holds nothing, so acc(this.x) beside it is no contradiction.
    expect(await verify(src)).toEqual({
      verdict: 'failed',
      failures: [
        { line: 9, viperError: 'assert.failed:insufficient.permission' },
        { line: 15, viperError: 'assert.failed:assertion.false' },
        { line: 23, viperError: 'assignment.failed:insufficient.permission' },
      ],
    });
  }, 120_000);

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

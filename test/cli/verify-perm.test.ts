// Sym's perm type and symbolic permission amounts through the real CLI and Z3 (docs/language.md
// "Fractional permissions"): a perm parameter lent and returned, perm(c.x) in assertions that
// hold and fail, an amount that may be too small (with its counterexample), perm division, a
// wildcard meeting a symbolic amount, what a wildcard leaves; a perm is refused by concrete runs, by name.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../support/cli';

let dir = '';
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-perm-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function verify(source: string): Promise<{ verdict: string; failures: { line: number; kind: string }[] }> {
  const file = join(dir, `p${++n}.sym`);
  await writeFile(file, source);
  const r = await symdap('verify', file, '--mode', 'modular', '--json');
  const json = JSON.parse(r.out) as { verdict: string; failures: { line: number; kind: string; message: string }[] };
  return { verdict: json.verdict, failures: json.failures.map((f) => ({ line: f.line, kind: f.kind })) };
}

const CELL = 'class Cell {\n  var x: int;\n}\n';

describe('perm values and symbolic amounts in Sym', () => {
  it('a perm parameter lent and returned; the rest kept; a write with a part lent fails', async () => {
    const src = `${CELL}proc lend(c: Cell, k: perm) returns (v: int)
  requires 0 < k && acc(c.x, k)
  ensures acc(c.x, k) && v == c.x
{
  v := c.x;
}

proc caller(c: Cell, k: perm)
  requires 0 < k && k < 1 && acc(c.x)
  ensures acc(c.x)
{
  var v: int := lend(c, k);
  var w: int := lend(c, 1 - k);
  assert v == w;
  c.x := v + 1;
}

proc tooSmall(c: Cell, k: perm)
  requires 0 < k && acc(c.x, k)
{
  c.x := 1;
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 24, kind: 'permission' }] });
  }, 60_000);

  it('perm(c.x): an assertion that holds and one that fails', async () => {
    const src = `${CELL}proc half(c: Cell, k: perm)
  requires 0 < k && k < 1 && acc(c.x)
  ensures acc(c.x, 1 - k)
{
  assert perm(c.x) == 1;
  var kept: perm := perm(c.x) - k;
  assert kept < 1;
  assert kept > 1/2;
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 11, kind: 'assert' }] });
  }, 60_000);

  it('perm division is exact; dividing by a perm that may be zero fails', async () => {
    const src = `proc div(p: perm, q: perm) returns (r: perm)
  requires 0 < p
  ensures r * 3 == p
{
  r := p / 3;
  assert p / p == 1;
  var s: perm := p / q;
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 7, kind: 'div-by-zero' }] });
  }, 60_000);

  it('a wildcard taken from a symbolic amount leaves less than it', async () => {
    const src = `${CELL}proc w(c: Cell, k: perm)
  requires 0 < k && acc(c.x, k)
  ensures acc(c.x, wildcard)
{
  assert perm(c.x) == k;
}

proc caller(c: Cell, k: perm)
  requires 0 < k && acc(c.x, k)
{
  w(c, k);
  assert perm(c.x) < k;
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 15, kind: 'assert' }] });
  }, 60_000);

  it('what a wildcard leaves is positive, and nothing more is known of it', async () => {
    const src = `${CELL}proc take(c: Cell)
  requires acc(c.x, wildcard)
{
}

proc caller(c: Cell)
  requires acc(c.x, 1/2)
{
  take(c);
  assert perm(c.x) > 0;
  assert perm(c.x) > 1/4;
}
`;
    expect(await verify(src)).toEqual({ verdict: 'failed', failures: [{ line: 14, kind: 'assert' }] });
  }, 60_000);

  it('an amount must be a perm; a perm does not convert to int', async () => {
    const file = join(dir, 'bad.sym');
    await writeFile(
      file,
      `${CELL}proc p(c: Cell, n: int)\n  requires acc(c.x, n)\n{\n  var i: int := perm(c.x) as int;\n}\n`,
    );
    const r = await symdap('check', file);
    expect(r.code).not.toBe(0);
    expect(r.out + r.err).toMatch(/must be of type perm, not int/);
    expect(r.out + r.err).toMatch(/a perm cannot be converted to int/);
  }, 60_000);
});

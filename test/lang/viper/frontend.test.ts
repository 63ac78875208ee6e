// The Viper front end on its own (no engine): syntax errors as `file:line:col: error: …` through
// the real `symdap check`, and every construct outside the subset refused by name at the
// construct (`unsupported Viper feature: …`), one test per construct kind, so that no program is
// ever verified half read.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../../support/cli';
import { loadViper } from '../../../src/lang/viper/frontend';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-viper-fe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function check(name: string, source: string, ...args: string[]) {
  const file = join(dir, name);
  await writeFile(file, source);
  return { file, ...(await symdap('check', file, ...args)) };
}

/** The refusals of a program, as `line:col feature`. */
function refusals(source: string): string[] {
  return loadViper(source, 'x.vpr')
    .diagnostics.filter((d) => d.unsupported)
    .map((d) => `${d.span.line}:${d.span.col} ${d.message.replace('unsupported Viper feature: ', '')}`);
}

describe('Viper syntax errors', () => {
  it('an unexpected token is file:line:col: error, no stack trace', async () => {
    const r = await check('bad.vpr', 'field f: Int\n\nmethod m( {\n}\n');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${r.file}:3:11: error: unexpected '{'\n`);
  });

  it('an unterminated program ends with unexpected end of file at its last token', async () => {
    const r = await check('eof.vpr', 'method m()\n{\n  assert true\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(`^${r.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:14: error: unexpected end of file\\n$`),
    );
  });

  it('an unknown name is an error at the name', async () => {
    const r = await check('unknown.vpr', 'method m()\n{\n  assert y == 1\n}\n');
    expect(r.err).toBe(`${r.file}:3:10: error: unknown name 'y'\n`);
  });

  it('a well-formed program checks clean', async () => {
    const r = await check('ok.vpr', 'field f: Int\nmethod m(x: Ref)\n  requires acc(x.f)\n{\n  x.f := 1\n}\n');
    expect(r).toMatchObject({ code: 0, err: '' });
  });
});

describe('Viper constructs outside the subset are refused by name', () => {
  const field = 'field f: Int\n';
  it.each([
    [
      'quantified permissions',
      `${field}method m(xs: Seq[Ref], n: Int)\n  requires forall i: Int :: 0 <= i && i < |xs| ==> acc(xs[i % n].f)\n{}\n`,
      '3:52 a quantified permission non-linear in its binder (Z3 times out on its inverse)',
    ],
    [
      'recursive function under a quantifier whose trigger is not in its body',
      'function fac(n: Int): Int\n  requires n >= 0\n{ n == 0 ? 1 : n * fac(n - 1) }\nfunction g(n: Int): Int { n >= 0 ? fac(n) : 1 }\nfunction t(n: Int): Bool\nmethod m()\n{\n  assert exists i: Int :: {t(i)} g(i) == 1\n}\n',
      "8:10 a recursive function ('g') under a quantifier whose trigger is not a term of its body",
    ],
    ['map', 'method m()\n{\n  assert Map[Int, Int]() == Map[Int, Int]()\n}\n', '3:10 maps (Map)'],
    [
      "the termination library's functions",
      'import <decreases/int.vpr>\nmethod m()\n{\n  assert decreasing(1, 2)\n}\n',
      "4:10 the termination library's decreasing (import <decreases/…>)",
    ],
    [
      'a quantified predicate whose body holds a quantified predicate instance',
      `${field}field n: Ref\npredicate list(x: Ref) { acc(x.n) && (x.n != null ==> list(x.n)) }\nmethod m(s: Set[Ref])\n  requires forall x: Ref :: x in s ==> list(x)\n{\n}\n`,
      '3:11 a quantified predicate whose body holds an instance of a quantified predicate (list)',
    ],
    [
      'domain interpretation',
      'domain D interpretation (SMTLIB: "Int") {\n}\n',
      '1:10 domain interpretations (interpretation)',
    ],
    [
      'package with a proof script',
      `${field}method m(x: Ref)\n{\n  package acc(x.f) --* acc(x.f) {\n  }\n}\n`,
      '4:33 magic wands (package with a proof script)',
    ],
    [
      'goto into a loop made of gotos',
      'method m(b: Bool)\n{\n  if (b) {\n    goto inner\n  }\n  label head\n  label inner\n  goto head\n}\n',
      "6:3 goto into a loop made of gotos ('inner')",
    ],
    [
      'goto backward into a block',
      'method m(b: Bool)\n{\n  if (b) {\n    label l\n  }\n  goto l\n}\n',
      "6:3 goto backward or into a block ('l')",
    ],
    [
      'goto into a block',
      'method m(b: Bool)\n{\n  goto l\n  if (b) {\n    label l\n  }\n}\n',
      "3:3 goto backward or into a block ('l')",
    ],
    [
      'quasihavocall reading the heap',
      `${field}method m()\n{\n  quasihavocall x: Ref :: x.f > 0 ==> x.f\n}\n`,
      '4:27 quasihavocall whose condition or location reads the heap',
    ],
    [
      'perm in a function contract',
      `${field}function g(x: Ref): Int\n  requires acc(x.f, 1/2) && perm(x.f) == 1/2\n{ 0 }\n`,
      '3:29 perm(…) in a function contract or a predicate body',
    ],
    [
      'perm in a predicate body',
      `${field}predicate P(x: Ref) {\n  acc(x.f, 1/2) && perm(x.f) == 1/2\n}\n`,
      '3:20 perm(…) in a function contract or a predicate body',
    ],
    [
      'perm of a wand that is refused',
      `${field}method m(x: Ref)\n{\n  assert perm(acc(x.f) --* (forall y: Ref :: true)) == none\n}\n`,
      '4:29 magic wands with quantifiers inside',
    ],
    [
      'inhale-exhale under an implication in a function',
      `${field}function g(x: Ref, b: Bool): Int\n  requires b ==> [acc(x.f), true]\n{ 0 }\n`,
      '3:18 inhale-exhale assertion ([A, B]) in a function or predicate',
    ],
    [
      'inhale-exhale in a predicate',
      `${field}predicate P(x: Ref) {\n  [acc(x.f), true]\n}\n`,
      '3:3 inhale-exhale assertion ([A, B]) in a function or predicate',
    ],
    [
      'refute of permissions',
      `${field}method m(x: Ref)\n{\n  refute acc(x.f)\n}\n`,
      '4:3 refute of an assertion with permissions',
    ],
    [
      'several variables in one var',
      'method m()\n{\n  var a: Int, b: Int\n}\n',
      '3:13 several variables in one var declaration (var a: T, b: T)',
    ],
    ['information flow', 'method m(x: Int)\n  requires low(x)\n{}\n', '2:12 information flow (low, SIF plugin)'],
    [
      'abstract function under a quantifier whose trigger is not in its body',
      'function g(x: Int): Int\nfunction h(x: Int): Int\nmethod m()\n{\n  assume forall i: Int :: {h(i)} g(i) > 0\n}\n',
      "5:10 an abstract function ('g') under a quantifier whose trigger is not a term of its body",
    ],
    [
      'fold of an abstract predicate',
      'predicate P(x: Ref)\nmethod m(x: Ref)\n{\n  fold P(x)\n}\n',
      '4:8 fold of an abstract predicate',
    ],
    [
      'old in a precondition',
      `${field}method m(x: Ref)\n  requires acc(x.f) && old(x.f) == 1\n{}\n`,
      '3:24 old(…) in a precondition, function or predicate',
    ],
    [
      'asserting with two accesses of one field',
      `${field}method m(x: Ref, y: Ref)\n{\n  assert asserting (acc(x.f) && acc(y.f)) in true\n}\n`,
      '4:10 asserting with two accesses of one field or predicate',
    ],
    [
      'assume of a wildcard permission',
      `${field}method m(x: Ref)\n{\n  assume acc(x.f, wildcard)\n}\n`,
      '4:10 assume of a wildcard permission',
    ],
    [
      'assume of permissions where an earlier access is inside a let',
      `${field}method m(x: Ref, y: Ref)\n{\n  assume (let z == (x) in acc(z.f)) && acc(y.f)\n}\n`,
      '4:40 assume of permissions where an earlier access is inside a let',
    ],
    [
      'define in a statement macro',
      'define s() {\n  define two 2\n}\nmethod m()\n{\n  s()\n}\n',
      '6:3 define inside a method body',
    ],
    ['recursive macro', 'define a(x) a(x)\nmethod m()\n{\n  assert a(1)\n}\n', "4:10 recursive macro 'a'"],
    [
      'precondition that applies itself',
      'function f(n: Int): Int\n  requires n > 0 ==> g(n) > 0\n{ 0 }\nfunction g(n: Int): Int\n  requires f(n - 1) >= 0\n',
      "1:10 a function whose precondition applies itself ('f')",
    ],
  ])('%s', (_name, source, expected) => {
    expect(refusals(source)).toContain(expected);
  });

  it('the CLI prints the refusal at the construct and exits 2 for check', async () => {
    const r = await check('forperm.vpr', `${field}function g(x: Ref): Bool\n{\n  forperm r: Ref [r.f] :: false\n}\n`);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${r.file}:4:3: unsupported Viper feature: forperm in a function or a predicate\n`);
  });

  it('one diagnostic per construct kind, at its first occurrence', () => {
    const source = 'method m()\n{\n  fresh x\n  fresh y\n}\n';
    expect(refusals(source)).toEqual(['3:3 fresh']);
  });
});

describe('--lang overrides the extension', () => {
  const viper = 'method m()\n{\n  assert 7 \\ 2 == 3\n}\n';
  it('a Viper program in a .sym file is read as Viper with --lang viper, as Sym without', async () => {
    const asViper = await check('prog.sym', viper, '--lang', 'viper');
    expect(asViper).toMatchObject({ code: 0, err: '' });
    const asSym = await check('prog.sym', viper);
    expect(asSym.code).toBe(2);
  });

  it('a Sym program in a .vpr file is read as Sym with --lang sym', async () => {
    const r = await check('prog2.vpr', 'proc main(x: int) {\n  assert x == x;\n}\n', '--lang', 'sym');
    expect(r).toMatchObject({ code: 0, err: '' });
  });

  it('an unknown language is a usage error', async () => {
    const r = await check('prog3.vpr', viper, '--lang', 'chalice');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/option '--lang' must be one of sym, viper, got 'chalice'/);
  });
});

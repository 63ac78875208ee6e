// `symdap verify` on `.vpr` files through the real CLI: every failure carries Viper's error id in
// the text and as `viperError` in `--json`, beside symdap's counterexample; a refused construct
// gives the verdict `unsupported` and exit code 4; `--lang` picks the front end; explore mode is
// refused for Viper.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../../support/cli';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-viper-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, source: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, source);
  return file;
}

const FAILING = 'field f: Int\nmethod m(x: Ref, n: Int)\n  requires acc(x.f)\n{\n  x.f := n\n  assert x.f > 0\n}\n';

describe('symdap verify on .vpr', () => {
  it("the text names the Viper error id after symdap's message, with the counterexample", async () => {
    const file = await write('fail.vpr', FAILING);
    const r = await symdap('verify', file);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}:6:3: assertion may fail: x.f > 0 [assert.failed:assertion.false]\n`);
    expect(r.out).toMatch(/counterexample: .*n = (0|-\d+)/);
  }, 60_000);

  it('--json gives viperError on each failure', async () => {
    const file = await write('fail2.vpr', FAILING);
    const r = await symdap('verify', file, '--json');
    const json = JSON.parse(r.out);
    expect(json.verdict).toBe('failed');
    expect(json.failures).toHaveLength(1);
    expect(json.failures[0]).toMatchObject({
      line: 6,
      column: 3,
      kind: 'assert',
      viperError: 'assert.failed:assertion.false',
    });
    expect(json.failures[0].counterexample).toBeDefined();
  }, 60_000);

  it('a function whose body is not framed fails at its declaration (function.not.wellformed)', async () => {
    const file = await write(
      'fn.vpr',
      'field f: Int\nfield g: Int\n\nfunction get(x: Ref): Int\n  requires acc(x.f)\n{\n  x.g\n}\n',
    );
    const json = JSON.parse((await symdap('verify', file, '--json')).out);
    expect(json.failures.map((f: { line: number; viperError: string }) => `${f.viperError}@${f.line}`)).toEqual([
      'function.not.wellformed:insufficient.permission@4',
    ]);
  }, 60_000);

  it('a function applied where its precondition does not hold: application.precondition', async () => {
    const file = await write(
      'app.vpr',
      'field f: Int\nfunction t(r: Int): Bool\n  requires r > 0\n{ true }\nfunction bar(x: Ref): Bool\n  requires acc(x.f)\n{ true }\nmethod m()\n  ensures t(0)\n{}\nmethod n(x: Ref)\n  ensures bar(x)\n{}\nmethod k(x: Ref)\n  requires bar(x) == true\n{}\n',
    );
    const json = JSON.parse((await symdap('verify', file, '--json')).out);
    expect(json.failures.map((f: { line: number; viperError: string }) => `${f.viperError}@${f.line}`).sort()).toEqual([
      'application.precondition:assertion.false@9',
      'application.precondition:insufficient.permission@12',
      'application.precondition:insufficient.permission@15',
    ]);
  }, 60_000);

  it('an invariant that does not frame its reads: not.wellformed', async () => {
    const file = await write(
      'inv.vpr',
      'field f: Int\nmethod m(x: Ref)\n  requires acc(x.f)\n{\n  var b: Bool := true\n  while (b)\n    invariant x.f != 3\n  {\n    b := false\n  }\n}\n',
    );
    const json = JSON.parse((await symdap('verify', file, '--json')).out);
    expect(json.failures.map((f: { line: number; viperError: string }) => `${f.viperError}@${f.line}`)).toEqual([
      'not.wellformed:insufficient.permission@7',
    ]);
  }, 60_000);

  it("a loop invariant's missing permission is reported at its clause, as Viper does", async () => {
    const loop = (pre: string, body: string) =>
      `method m${pre === 'acc(x.f)' ? 'Kept' : 'Entry'}(x: Ref)\n  requires acc(x.g)${pre === '' ? '' : ` && ${pre}`}\n{\n  while (x.g < 3)\n    invariant acc(x.g)\n    invariant acc(x.f)\n  {\n    ${body}\n  }\n}\n`;
    const file = await write(
      'loops.vpr',
      `field f: Int\nfield g: Int\n${loop('', 'x.g := x.g + 1')}${loop('acc(x.f)', 'exhale acc(x.f)')}`,
    );
    const json = JSON.parse((await symdap('verify', file, '--json')).out);
    expect(json.failures.map((f: { line: number; viperError: string }) => `${f.viperError}@${f.line}`).sort()).toEqual([
      'invariant.not.established:insufficient.permission@8',
      'invariant.not.preserved:insufficient.permission@18',
    ]);
  }, 60_000);

  it('a refused construct: verdict unsupported, exit 4, the feature named', async () => {
    const file = await write('seq.vpr', 'method m()\n{\n  assert Map[Int, Int]() == Map[Int, Int]()\n}\n');
    const r = await symdap('verify', file, '--json');
    expect(r.code).toBe(4);
    const json = JSON.parse(r.out);
    expect(json.verdict).toBe('unsupported');
    expect(json.diagnostics[0].message).toBe('unsupported Viper feature: maps (Map)');
    const text = await symdap('verify', file);
    expect(text.code).toBe(4);
    expect(text.err).toBe(`${file}:3:10: unsupported Viper feature: maps (Map)\n`);
    expect(text.out).toBe(`${file}: unsupported\n`);
  }, 60_000);

  it('--lang viper reads a .sym file as Viper (its report with Viper ids); --lang sym a .vpr as Sym', async () => {
    const asViper = await write('viper-inside.sym', FAILING);
    const r = await symdap('verify', asViper, '--lang', 'viper', '--json');
    expect(JSON.parse(r.out).failures[0].viperError).toBe('assert.failed:assertion.false');
    const asSym = await write('sym-inside.vpr', 'proc main(x: int) {\n  assert x > 0;\n}\n');
    const s = await symdap('verify', asSym, '--lang', 'sym', '--json');
    expect(s.code).toBe(1);
    const failure = JSON.parse(s.out).failures[0];
    expect(failure.line).toBe(2);
    expect(failure.viperError).toBeUndefined();
  }, 60_000);

  it('several .vpr files: each report carries Viper ids (from its own load), unsupported ranks below failed', async () => {
    const a = await write('many-a.vpr', FAILING);
    const b = await write('many-b.vpr', 'method m(k: Int)\n{\n  assert k \\ 1 == k\n  assert k > 0\n}\n');
    const c = await write('many-c.vpr', 'method m()\n{\n  fresh x\n}\n');
    const r = await symdap('verify', a, b, c, '--json', '--jobs', '2');
    const json = JSON.parse(r.out) as {
      verdict: string;
      files: { verdict: string; failures: { line: number; viperError: string }[] }[];
    };
    expect(json.files.map((f) => f.failures.map((x) => `${x.line} ${x.viperError}`))).toEqual([
      ['6 assert.failed:assertion.false'],
      ['4 assert.failed:assertion.false'],
      [],
    ]);
    expect(json.files.map((f) => f.verdict)).toEqual(['failed', 'failed', 'unsupported']);
    expect(r.code).toBe(1);
    const ok = await write('many-ok.vpr', 'method m(k: Int)\n{\n  assert k \\ 1 == k\n}\n');
    const text = await symdap('verify', b, c);
    expect(text.out).toContain(`${b}:4:3: assertion may fail: k > 0 [assert.failed:assertion.false]`);
    expect(text.out).toContain(`${c}: unsupported\n`);
    expect((await symdap('verify', ok, c)).code).toBe(4);
  }, 60_000);

  it('several .vpr files in worker threads: an id that needs the sites (call.precondition) survives the thread', async () => {
    const call = 'method m(x: Int)\n  requires x > 0\n{\n}\nmethod n()\n{\n  m(0)\n}\n';
    const a = await write('call-a.vpr', call);
    const b = await write('call-b.vpr', call);
    const r = await symdap('verify', a, b, '--json', '--jobs', '2');
    const json = JSON.parse(r.out) as { files: { failures: { line: number; viperError: string }[] }[] };
    expect(json.files.map((f) => f.failures.map((x) => `${x.line} ${x.viperError}`))).toEqual([
      ['7 call.precondition:assertion.false'],
      ['7 call.precondition:assertion.false'],
    ]);
  }, 60_000);

  it('explore mode is refused for Viper files', async () => {
    const file = await write('explore.vpr', FAILING);
    const r = await symdap('verify', file, '--mode', 'explore');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/verified modularly; --mode explore is not available/);
  });
});

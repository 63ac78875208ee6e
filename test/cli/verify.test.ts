// `symdap verify` end to end through main(): exit codes on the samples, the human output
// (verdict, `file:line:col: assertion may fail: …`, counterexample, path, summary), the
// `--json` schema of docs/design.md S.6, `--tests DIR` files that `symdap run --inputs` replays with
// the same outcome, and usage errors.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../support/cli';
import { SAMPLES_DIR } from '../support/samples';
import { MAX_SOURCE_BYTES } from '../../src/lang/sourceFile';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-verify-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sample = (path: string) => join(SAMPLES_DIR, path);

describe('symdap verify: exit codes', () => {
  it.each([
    ['lecture/three_paths.sym', [], 0],
    ['errors/wrapping.sym', [], 1],
    ['lecture/sum_overflow8.sym', ['--loop-bound', '8'], 1],
    ['contracts/loop_invariant.sym', [], 3],
    ['contracts/loop_invariant.sym', ['--mode', 'modular'], 0],
  ] as const)(
    '%s %j exits %i',
    async (file, args, code) => {
      const r = await symdap('verify', sample(file), ...args);
      expect(r.err).toBe('');
      expect(r.code).toBe(code);
    },
    30_000,
  );

  it('a solver timeout exits 3, never 0', async () => {
    const hard = join(dir, 'cubes.sym');
    await writeFile(
      hard,
      'proc main(x: int, y: int, z: int) {\n  assume x > 0 && y > 0 && z > 0;\n  assert x * x * x + y * y * y != z * z * z;\n}\n',
    );
    const r = await symdap('verify', hard, '--timeout', '1');
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/^note: solver could not decide/m);
  });

  it('a program with a type error exits 2 with the diagnostic on stderr', async () => {
    const bad = join(dir, 'bad.sym');
    await writeFile(bad, 'proc main() {\n  var x: int := true;\n}\n');
    const r = await symdap('verify', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^${escape(bad)}:2:\\d+: error: `));
    // Nothing ran, so no run summary (paths, solver, time) follows the verdict.
    expect(r.out).toBe(`${bad}: error\n`);
  });

  it('a missing file exits 2', async () => {
    const r = await symdap('verify', join(dir, 'nope.sym'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('nope.sym');
  });
});

describe('symdap verify: human output', () => {
  it('verdict line, the failure with its location, counterexample and path, then a summary', async () => {
    const file = sample('errors/wrapping.sym');
    const r = await symdap('verify', file);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`${file}: failed`);
    expect(lines[1]).toBe(`${file}:20:5: assertion may fail: next > 0`);
    expect(lines[2]).toBe('  counterexample: x = 127');
    expect(lines[3]).toMatch(/^ {2}path: line \d+( → \d+)* → 20$/);
    expect(r.out).toMatch(/^paths: 3 \(2 completed, 1 failed, 0 infeasible, 0 bounded\)$/m);
    expect(r.out).toMatch(/^solver: \d+ queries/m);
  });

  it('a verified program prints the verdict and the path summary only', async () => {
    const file = sample('lecture/three_paths.sym');
    const r = await symdap('verify', file);
    expect(r.out.split('\n')[0]).toBe(`${file}: verified`);
    expect(r.out).toMatch(/^paths: 3 \(3 completed, 0 failed, 0 infeasible, 0 bounded\)$/m);
    expect(r.out).not.toContain('may fail');
  });

  it('an unknown verdict says why', async () => {
    const r = await symdap('verify', sample('contracts/loop_invariant.sym'));
    expect(r.out.split('\n')[0]).toMatch(/: unknown$/);
    expect(r.out).toMatch(/^note: .*bound/m);
  });
});

describe('symdap verify --json', () => {
  it('prints one object with the documented schema', async () => {
    const file = sample('errors/div_by_zero.sym');
    const r = await symdap('verify', file, '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({
      file,
      verdict: 'failed',
      paths: {
        total: expect.any(Number),
        completed: expect.any(Number),
        failed: 1,
        infeasible: expect.any(Number),
        bounded: 0,
      },
      diagnostics: [],
      stats: { solverQueries: expect.any(Number), solverMs: expect.any(Number), wallMs: expect.any(Number) },
    });
    const p = report.paths;
    expect(p.total).toBe(p.completed + p.failed + p.infeasible + p.bounded + (p.unknown ?? 0));
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatchObject({
      kind: 'div-by-zero',
      line: 12,
      column: expect.any(Number),
      message: expect.stringContaining('division by zero'),
      counterexample: { count: 0, total: expect.any(Number) },
      trace: expect.arrayContaining([12]),
    });
    expect(report.failures[0].trace.every((l: unknown) => Number.isInteger(l))).toBe(true);
  });

  it('a program error is verdict error with diagnostics, exit 2', async () => {
    const bad = join(dir, 'syntax.sym');
    await writeFile(bad, 'proc main() {\n  x := ;\n}\n');
    const r = await symdap('verify', bad, '--json');
    expect(r.code).toBe(2);
    const report = JSON.parse(r.out);
    expect(report.verdict).toBe('error');
    expect(report.diagnostics.length).toBeGreaterThan(0);
    expect(report.diagnostics[0]).toMatchObject({ line: 2, column: expect.any(Number), message: expect.any(String) });
  });
});

describe('symdap verify --tests DIR', () => {
  it.each([
    ['lecture/bad_input.sym', []],
    ['errors/div_by_zero.sym', []],
    ['arrays/out_of_bounds.sym', []],
    ['lecture/sum_overflow8.sym', ['--loop-bound', '8']],
  ] as const)(
    '%s: one input file per path, each replayed by symdap run with the same outcome',
    async (file, args) => {
      const out = join(dir, file.replace(/[/.]/g, '_'));
      const v = await symdap('verify', sample(file), '--json', '--tests', out, ...args);
      const report = JSON.parse(v.out);
      const files = (await readdir(out)).sort();
      const inputs = files.filter((f) => f.endsWith('.json'));
      expect(inputs.length).toBe(report.paths.completed + report.paths.failed);
      let failing = 0;
      for (const name of inputs) {
        const errFile = name.replace(/\.json$/, '.err');
        const r = await symdap('run', sample(file), '--inputs', join(out, name));
        expect(r.err, name).toBe('');
        if (!files.includes(errFile)) {
          expect({ name, code: r.code, first: r.out.split('\n')[0] }).toEqual({ name, code: 0, first: 'ok' });
          continue;
        }
        failing++;
        const expected = /^(\S+) at line (\d+): /.exec(await readFile(join(out, errFile), 'utf8'));
        expect(expected, errFile).not.toBeNull();
        expect(r.code, name).toBe(1);
        const [, line] = new RegExp(`^${escape(sample(file))}:(\\d+):\\d+: `).exec(r.out) ?? [];
        expect({ name, line: Number(line) }).toEqual({ name, line: Number(expected![2]) });
        const kind = report.failures.find((f: { line: number }) => f.line === Number(line))?.kind;
        expect(kind, name).toBe(expected![1]);
      }
      expect(failing).toBe(report.paths.failed);
      expect(failing).toBeGreaterThan(0);
    },
    30_000,
  );
});

describe('symdap verify --json: exactly one JSON document, errors included', () => {
  /** stdout parses as one JSON value (JSON.parse rejects trailing text) with verdict error. */
  function errorDocument(out: string): { verdict: string; diagnostics: { message: string }[] } {
    const report = JSON.parse(out);
    expect(report.verdict).toBe('error');
    expect(report.diagnostics.length).toBeGreaterThan(0);
    return report;
  }

  it.each([
    ['a bad option', ['--loop-bound', '0'], /loop-bound/],
    ['an unknown option', ['--bogus'], /--bogus/],
    ['an unknown entry', ['--entry', 'nosuch'], /nosuch/],
  ])('%s', async (_what, args, message) => {
    const r = await symdap('verify', sample('lecture/three_paths.sym'), '--json', ...args);
    expect(r.code).toBe(2);
    expect(errorDocument(r.out).diagnostics[0].message).toMatch(message);
  });

  it('a program the verifier cannot handle still gives one document', async () => {
    const nested = join(dir, 'nested.sym');
    await writeFile(nested, 'proc main(i: int) {\n  var a: int[][] := [[1, 2], [3]];\n  var b: int[] := a[i];\n}\n');
    const r = await symdap('verify', nested, '--json');
    const report = JSON.parse(r.out);
    expect(['verified', 'failed', 'unknown', 'error']).toContain(report.verdict);
    expect(r.code).toBe({ verified: 0, failed: 1, error: 2, unknown: 3 }[report.verdict as string]);
  });

  it('an empty file and a missing file', async () => {
    const empty = join(dir, 'empty.sym');
    await writeFile(empty, '');
    for (const file of [empty, join(dir, 'nope.sym')]) {
      const r = await symdap('verify', file, '--json');
      expect(r.code).toBe(2);
      errorDocument(r.out);
    }
  });

  it('refuses /dev/zero and a directory before reading them', async () => {
    const before = process.memoryUsage().rss;
    const zero = await symdap('verify', '/dev/zero', '--json');
    expect(zero.code).toBe(2);
    expect(errorDocument(zero.out).diagnostics[0].message).toMatch(/cannot read file: a device/);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    // A directory means every .sym file below it (verify-jobs.test.ts); one without any is refused.
    const empty = join(dir, 'no-programs');
    await mkdir(empty, { recursive: true });
    const folder = await symdap('verify', empty);
    expect(folder.code).toBe(2);
    expect(folder.err).toContain(`no .sym files under ${empty}`);
  });

  it('refuses a file over the size cap, naming the limit', async () => {
    const huge = join(dir, 'huge.sym');
    await writeFile(huge, Buffer.alloc(MAX_SOURCE_BYTES + 1, 0x20));
    const r = await symdap('verify', huge, '--json');
    expect(r.code).toBe(2);
    expect(errorDocument(r.out).diagnostics[0].message).toContain(`the limit is ${MAX_SOURCE_BYTES} bytes`);
  });
});

describe('symdap verify: usage errors exit 2 with the usage', () => {
  it.each([
    [[]],
    [['--bogus', 'x.sym']],
    [['x.sym', '--loop-bound', '0']],
    [['x.sym', '--loop-bound', 'many']],
    [['x.sym', '--mode', 'sideways']],
    [['x.sym', '--searcher', 'astar']],
    [['x.sym', '--timeout']],
  ])('verify %j', async (args) => {
    const r = await symdap('verify', ...args);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^symdap verify: .+\nusage: symdap verify FILE/);
  });

  it('an unknown entry procedure exits 2', async () => {
    const r = await symdap('verify', sample('lecture/three_paths.sym'), '--entry', 'nosuch');
    expect(r.code).toBe(2);
    expect(r.err).toContain('nosuch');
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

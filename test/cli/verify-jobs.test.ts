// `symdap verify --jobs N` and `symdap verify A.sym B.sym DIR` end to end through main():
// bad --jobs values, one file with two jobs (same report, `jobs` in --json), several files
// and directories verified by a pool of workers (stable order, worst exit code, one JSON
// document), and options that need a single file.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../support/cli';
import { SAMPLES_DIR } from '../support/samples';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-jobs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sample = (path: string) => join(SAMPLES_DIR, path);

/** 2^n paths; the assertion fails only when every condition holds. */
function ifs(n: number): string {
  const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
  const body = Array.from({ length: n }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n`).join('');
  return `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s < ${n};\n}\n`;
}

describe('symdap verify --jobs', () => {
  it.each(['0', '-1', 'two', '1.5', '257', ''])('--jobs %j is refused with a clear error', async (value) => {
    const r = await symdap('verify', sample('lecture/three_paths.sym'), `--jobs=${value}`);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^symdap verify: option '--jobs' must be a whole number from 1 to 256, got '.*'\n/);
    expect(r.out).toBe('');
  });

  it('--jobs without a value is refused', async () => {
    const r = await symdap('verify', sample('lecture/three_paths.sym'), '--jobs');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/option '--jobs' needs a value/);
  });

  it('one file with two jobs: the report of one job, and `jobs` in --json', async () => {
    const file = join(dir, 'ifs7.sym');
    await writeFile(file, ifs(7));
    const one = await symdap('verify', file, '--json', '--jobs', '1');
    // Every lane at once: without it a run this small never starts the second (next test).
    process.env.SYMDAP_JOBS_EAGER = '1';
    const two = await symdap('verify', file, '--json', '--jobs', '2').finally(() => {
      delete process.env.SYMDAP_JOBS_EAGER;
    });
    expect([one.code, two.code]).toEqual([1, 1]);
    const [a, b] = [JSON.parse(one.out), JSON.parse(two.out)];
    expect(a.jobs).toBe(1);
    // Whether the worker loaded before this thread had explored all 128 paths is a race.
    expect(b.jobs === 2 || /before the other threads had loaded/.test(b.jobsNote)).toBe(true);
    expect(b.paths).toEqual({ total: 128, completed: 127, failed: 1, infeasible: 0, bounded: 0, unknown: 0 });
    for (const k of ['verdict', 'paths', 'failures', 'notes', 'diagnostics', 'file']) expect(b[k]).toEqual(a[k]);
    expect(
      Object.keys(b)
        .filter((k) => k !== 'jobsNote')
        .sort(),
    ).toEqual([...Object.keys(a)].sort());
  }, 120_000);

  it('a small program with two jobs is explored by one lane and --json says why', async () => {
    const file = join(dir, 'ifs6.sym');
    await writeFile(file, ifs(6));
    const r = JSON.parse((await symdap('verify', file, '--json', '--jobs', '2')).out);
    expect(r.jobs).toBe(1);
    expect(r.jobsNote).toMatch(/work left never reached the [0-9.]+ s that pays for another thread/);
    expect(r.paths.total).toBe(64);
  }, 60_000);

  it('a program with joins runs in one thread and --json says why', async () => {
    const r = await symdap('verify', sample('join/ifs_join_phi.sym'), '--json', '--jobs', '2');
    const report = JSON.parse(r.out);
    expect(report.jobs).toBe(1);
    expect(report.jobsNote).toMatch(/join/);
  }, 60_000);
});

describe('symdap verify A.sym B.sym DIR', () => {
  it('prints each file in argument order, then a summary; the exit code is the worst verdict', async () => {
    const files = [
      sample('lecture/three_paths.sym'),
      sample('errors/wrapping.sym'),
      sample('contracts/loop_invariant.sym'),
    ];
    const r = await symdap('verify', ...files, '--jobs', '2');
    expect(r.code).toBe(1);
    const heads = r.out.split('\n').filter((l) => /\.sym: \w+$/.test(l));
    expect(heads).toEqual([`${files[0]}: verified`, `${files[1]}: failed`, `${files[2]}: unknown`]);
    expect(r.out).toMatch(/\n3 files: 1 verified, 1 unknown, 1 failed\n$/);
  }, 120_000);

  it('a directory means every .sym file below it, sorted; an unreadable file is an error (exit 2)', async () => {
    const d = join(dir, 'tree');
    await mkdir(join(d, 'sub'), { recursive: true });
    await writeFile(join(d, 'b.sym'), 'proc main(x: int) {\n  assert x * 0 == 0;\n}\n');
    await writeFile(join(d, 'sub', 'a.sym'), 'proc main(x: int) {\n  assert x > 0;\n}\n');
    await writeFile(join(d, 'notes.txt'), 'not a program');
    const r = await symdap('verify', d, join(dir, 'missing.sym'), '--json');
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.out);
    expect(doc.verdict).toBe('error');
    expect(doc.files.map((f: { file: string; verdict: string }) => [f.file, f.verdict])).toEqual([
      [join(d, 'b.sym'), 'verified'],
      [join(d, 'sub', 'a.sym'), 'failed'],
      [join(dir, 'missing.sym'), 'error'],
    ]);
    expect(r.err).toMatch(/missing\.sym:1:1: error: /);
  }, 120_000);

  it('one job verifies the files in this thread with the same results', async () => {
    const files = [sample('errors/wrapping.sym'), sample('lecture/three_paths.sym')];
    const [one, two] = [
      await symdap('verify', ...files, '--json', '--jobs', '1'),
      await symdap('verify', ...files, '--json', '--jobs', '2'),
    ];
    expect([one.code, two.code]).toEqual([1, 1]);
    const strip = (doc: { files: { stats: unknown }[] }) => doc.files.map((f) => ({ ...f, stats: undefined }));
    expect(strip(JSON.parse(two.out))).toEqual(strip(JSON.parse(one.out)));
  }, 120_000);

  it('a directory without .sym files, and --tests with several files, are usage errors', async () => {
    const empty = join(dir, 'empty');
    await mkdir(empty, { recursive: true });
    const a = await symdap('verify', empty);
    expect(a.code).toBe(2);
    expect(a.err).toBe(`symdap verify: no .sym files under ${empty}\n`);
    const b = await symdap(
      'verify',
      sample('errors/wrapping.sym'),
      sample('lecture/three_paths.sym'),
      '--tests',
      join(dir, 't'),
    );
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/^symdap verify: --tests takes a single file\n/);
  });
});

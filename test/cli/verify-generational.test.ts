// `symdap verify --searcher generational` and the coverage line, end to end through main():
// the run count that found the failure, `--json` gaining `search` and `coverage`, `--tests DIR`
// holding every generated input (each replayed by `symdap run --inputs` with the outcome its
// run had), `--seed`, and usage errors.

import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symdap } from '../support/cli';
import { SAMPLES_DIR } from '../support/samples';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-gen-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const top = join(SAMPLES_DIR, 'concolic', 'sage_top.sym');

describe('symdap verify --searcher generational', () => {
  it('prints the run that found the failure and the coverage; --tests holds every run, each replaying alike', async () => {
    const tests = join(dir, 'top');
    const r = await symdap('verify', top, '--searcher', 'generational', '--tests', tests);
    expect(r.code).toBe(1);
    const m = /^generational search: (\d+) runs, the first failure at run (\d+)$/m.exec(r.out);
    expect(m, r.out).not.toBeNull();
    expect(r.out).toMatch(/^coverage: statements 7\/7 \(100%\), branches 10\/10 \(100%\)$/m);
    const files = (await readdir(tests)).filter((f) => f.endsWith('.json')).sort();
    expect(files.length).toBe(Number(m![1]));
    const errs = (await readdir(tests)).filter((f) => f.endsWith('.err'));
    expect(errs).toContain(`test${m![2].padStart(6, '0')}.err`);
    for (const f of files) {
      const run = await symdap('run', top, '--inputs', join(tests, f));
      expect(run.code, f).toBe(errs.includes(f.replace('.json', '.err')) ? 1 : 0);
    }
  }, 60_000);

  it('--json gains search and coverage; --seed starts from the given input', async () => {
    const seed = join(dir, 'seed.json');
    await writeFile(seed, JSON.stringify({ c0: 98, c1: 97, c2: 100, c3: 1 }));
    const r = await symdap('verify', top, '--searcher', 'generational', '--seed', seed, '--runs', '5', '--json');
    const report = JSON.parse(r.out);
    expect(report.verdict).toBe('failed');
    expect(report.search).toEqual({ searcher: 'generational', runs: 5, firstFailureRun: 1 });
    expect(report.coverage.statements.total).toBe(7);
  }, 60_000);

  it('usage errors: --seed without the searcher, a seed that is not JSON, modular mode', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{ nope');
    const a = await symdap('verify', top, '--seed', bad);
    expect(a.code).toBe(2);
    expect(a.err).toContain('--seed needs --searcher generational');
    const b = await symdap('verify', top, '--searcher', 'generational', '--seed', bad);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(
      new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1:1: error: the seed is not JSON`),
    );
    const c = await symdap('verify', top, '--searcher', 'generational', '--mode', 'modular');
    expect(c.code).toBe(2);
    expect(c.err).toContain('it has no modular mode');
  });
});

describe('coverage of a symbolic verify run', () => {
  it('lists the lines no path reaches and the branch side never taken', async () => {
    const file = join(dir, 'dead.sym');
    await writeFile(
      file,
      'proc main(x: int) {\n  assume x > 0;\n  if (x < 0) {\n    x := 1;\n  }\n  assert x > 0;\n}\n',
    );
    const text = await symdap('verify', file);
    expect(text.out).toMatch(/^coverage: statements 3\/4 \(75%\), branches 1\/2 \(50%\), uncovered lines 4$/m);
    const json = JSON.parse((await symdap('verify', file, '--json')).out);
    expect(json.coverage).toEqual({
      statements: { covered: 3, total: 4, percent: 75 },
      branches: { covered: 1, total: 2, percent: 50 },
      uncoveredLines: [4],
      uncoveredBranches: ['3:3:then'],
    });
  }, 30_000);
});

// The conformance runner (scripts/conformance.js) on fixtures written here
// (test/fixtures/viper/conformance/): each file's classification against its Silver annotations
// (pass, wrong, missed, unsound, unsupported, error, left out, smoke expectations; a miss on the
// fixtures' audited list is wrong), the markdown table it writes, and `--check` failing on an
// unsound or missed file or on fewer passes than a baseline. The runner spawns the built CLI:
// `npm run build` first.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..', '..');
const FIXTURES = join(ROOT, 'test/fixtures/viper/conformance');
const RUNNER = join(ROOT, 'scripts/conformance.js');
const AUDITED = join(FIXTURES, 'audited.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { classify } = require('../../../scripts/conformance/classify.js') as {
  classify: (
    ann: unknown,
    run: unknown,
    audited?: string[],
    incomplete?: string[],
  ) => { status: string; reason: string };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readAnnotations } = require('../../../scripts/conformance/annotations.js') as {
  readAnnotations: (text: string) => { expected: { id: string; line: number }[] };
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-conformance-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [RUNNER, FIXTURES, '--audited', AUDITED, ...args],
      { cwd: ROOT },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('npm run conformance on the fixtures', () => {
  it('classifies each file and writes the table', async () => {
    const json = join(dir, 'out.json');
    const md = join(dir, 'out.md');
    const r = await run('--json', json, '--out', md);
    // The fixtures hold an unsound, a missed and an error file on purpose: the run fails.
    expect(r.code).toBe(1);
    const results = JSON.parse(await readFile(json, 'utf8')).results as {
      file: string;
      status: string;
      reason: string;
    }[];
    const status = Object.fromEntries(results.map((x) => [x.file, x.status]));
    expect(status).toEqual({
      'nested/front_end_only.vpr': 'left out',
      'nested/parse_error.vpr': 'error',
      'nested/unsupported.vpr': 'unsupported',
      'audited.vpr': 'wrong',
      'missed.vpr': 'missed',
      'pass.vpr': 'pass',
      'plugin.vpr': 'unsupported',
      'smoke.vpr': 'unsupported',
      'unexpected.vpr': 'pass',
      'unsound.vpr': 'unsound',
      'wrong.vpr': 'wrong',
    });
    const reason = (f: string) => results.find((x) => x.file === f)?.reason;
    expect(reason('missed.vpr')).toBe(
      'missed assert.failed:assertion.false@5; reported assert.failed:assertion.false@6',
    );
    expect(reason('wrong.vpr')).toBe('reported assert.failed:assertion.false@6');
    expect(reason('audited.vpr')).toBe('expected assert.failed:assertion.false@7 (audited)');
    // The fixtures' list audits pass.vpr's error, which is not missed: a note to drop the entry.
    expect(r.stderr).toContain('pass.vpr: assert.failed:assertion.false@12 is audited but no longer missed');
    expect(reason('nested/unsupported.vpr')).toMatch(/^maps \(Map\)/);
    expect(reason('smoke.vpr')).toMatch(/^smoke checks/);
    expect(reason('plugin.vpr')).toMatch(/^a plugin's refusal/);
    const text = await readFile(md, 'utf8');
    expect(text).toMatch(
      /<!-- counts: \{"pass":2,"wrong":2,"missed":1,"unsound":1,"unsupported":3,"error":1,"timeout":0\} -->/,
    );
    expect(text).toContain('| `unsound.vpr` | unsound |');
    expect(text).toContain('| `missed.vpr` | missed |');
    expect(text).toContain('| maps (Map) | 1 |');
  }, 120_000);

  it('--check fails on fewer passes than the baseline, and does not rewrite it', async () => {
    const baseline = join(dir, 'baseline.md');
    const content = '<!-- counts: {"pass":3,"wrong":0,"unsound":0,"unsupported":0,"error":0,"timeout":0} -->\n';
    await writeFile(baseline, content);
    const r = await run('--check', '--baseline', baseline);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('conformance: 2 pass, fewer than the committed 3');
    expect(r.stderr).toContain('conformance: 3 unsound, missed, error or timeout');
    expect(await readFile(baseline, 'utf8')).toBe(content);
  }, 120_000);

  it('a run over a part of the corpus without --out leaves the committed table alone', async () => {
    const committed = join(ROOT, 'docs/conformance.md');
    const before = await readFile(committed, 'utf8');
    const r = await run('--json', join(dir, 'subset.json'));
    expect(r.code).toBe(1);
    expect(await readFile(committed, 'utf8')).toBe(before);
  }, 120_000);
});

describe('classify', () => {
  const ann = { expected: [{ id: 'assert.failed:assertion.false', line: 4 }], unexpected: [], ignoreFile: [] };
  it('a timeout is a timeout, whatever is expected', () => {
    expect(classify(ann, { timedOut: true }).status).toBe('timeout');
  });
  it('an expected error and a verdict unknown without failures claims nothing: wrong, never verified', () => {
    expect(classify(ann, { verdict: 'unknown', failures: [] })).toEqual({
      status: 'wrong',
      reason:
        'expected assert.failed:assertion.false@4; nothing reported (verdict unknown): symdap claims nothing (exit 3)',
    });
  });
  it('verified where an error is expected is unsound, unless every expected error is audited as Viper incompleteness', () => {
    const verified = { verdict: 'verified', failures: [] };
    const key = 'assert.failed:assertion.false@4';
    expect(classify(ann, verified).status).toBe('unsound');
    // Audited of another kind (a, line, id) does not excuse a verified verdict.
    expect(classify(ann, verified, [key]).status).toBe('unsound');
    expect(classify(ann, verified, [key], [key])).toMatchObject({ status: 'wrong', audited: [key] });
    const two = { ...ann, expected: [...ann.expected, { id: 'assert.failed:assertion.false', line: 8 }] };
    expect(classify(two, verified, [key], [key]).status).toBe('unsound');
  });
  it('the right line with another id misses the expected error; audited, it is wrong', () => {
    const run = { verdict: 'failed', failures: [{ line: 4, viperError: 'assert.failed:insufficient.permission' }] };
    expect(classify(ann, run)).toEqual({
      status: 'missed',
      reason: 'missed assert.failed:assertion.false@4; reported assert.failed:insufficient.permission@4',
    });
    expect(classify(ann, run, ['assert.failed:assertion.false@4'])).toEqual({
      status: 'wrong',
      reason: 'expected assert.failed:assertion.false@4 (audited); reported assert.failed:insufficient.permission@4',
      audited: ['assert.failed:assertion.false@4'],
    });
    // An entry audits its own line and id only.
    expect(classify(ann, run, ['assert.failed:assertion.false@5']).status).toBe('missed');
  });
  it('one audited miss does not cover another in the same file', () => {
    const two = {
      expected: [
        { id: 'assert.failed:assertion.false', line: 4 },
        { id: 'assert.failed:assertion.false', line: 8 },
      ],
      unexpected: [],
      ignoreFile: [],
    };
    const run = { verdict: 'failed', failures: [{ line: 2, viperError: 'assert.failed:assertion.false' }] };
    expect(classify(two, run, ['assert.failed:assertion.false@4'])).toEqual({
      status: 'missed',
      reason:
        'missed assert.failed:assertion.false@8; expected assert.failed:assertion.false@4 (audited); ' +
        'reported assert.failed:assertion.false@2',
      audited: ['assert.failed:assertion.false@4'],
    });
  });
  it('an expected id without a reason matches every reason of that error; a failure in an imported file is no line here', () => {
    const bare = { expected: [{ id: 'assert.failed', line: 4 }], unexpected: [], ignoreFile: [] };
    const at = (viperError: string, file?: string) =>
      classify(bare, { verdict: 'failed', failures: [{ line: 4, viperError, ...(file ? { file } : {}) }] }).status;
    expect(at('assert.failed:assertion.false')).toBe('pass');
    expect(at('exhale.failed:assertion.false')).toBe('missed');
    expect(at('assert.failed:assertion.false', '/x/lib.vpr')).toBe('missed');
  });
  it('ExpectedCounterexample(id, (model)) expects the error id on the next line, as ExpectedOutput does', () => {
    const text =
      'method m(b: Bool)\n{\n  //:: ExpectedCounterexample(assert.failed:assertion.false, (b == true, x == 1))\n  assert b\n}\n';
    expect(readAnnotations(text).expected).toEqual([{ id: 'assert.failed:assertion.false', line: 4 }]);
  });

  it('no expectation and verified is pass; a false alarm is wrong', () => {
    const none = { expected: [], unexpected: [], ignoreFile: [] };
    expect(classify(none, { verdict: 'verified', failures: [] }).status).toBe('pass');
    expect(
      classify(none, { verdict: 'failed', failures: [{ line: 2, viperError: 'assert.failed:assertion.false' }] })
        .status,
    ).toBe('wrong');
  });
});

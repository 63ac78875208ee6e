// bin/symdap.js starts `verify --jobs N` (N ≥ 2, asked for explicitly) again with V8's
// `--single-threaded-gc` (docs/parallel.md): the real launcher, as a user runs it. The report
// and the exit code are those of one job; a signal sent to the launcher reaches the relaunched
// CLI, so no verifier is left running; other commands and `--jobs 1` are not relaunched.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = path.join(__dirname, '..', '..', 'bin', 'symdap.js');
const dir = mkdtempSync(path.join(tmpdir(), 'symdap-relaunch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ifs(n: number, name: string): string {
  const params = Array.from({ length: n }, (_, i) => `x${i}: int`).join(', ');
  const body = Array.from({ length: n }, (_, i) => `  if (x${i} > 0) { s := s + 1; }\n`).join('');
  const file = path.join(dir, name);
  writeFileSync(file, `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s < ${n};\n}\n`);
  return file;
}

const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

/** The command lines of the processes running now whose arguments name `file`. */
function running(file: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return ps.stdout.split('\n').filter((l) => l.includes(file) && !l.startsWith('ps '));
}

describe('verify --jobs 2 through bin/symdap.js', () => {
  it('reports what one job reports, with its exit code, in a relaunched CLI', () => {
    const file = ifs(10, 'ten.sym');
    const one = run('verify', file, '--jobs', '1', '--json');
    const two = run('verify', file, '--jobs=2', '--json');
    expect(one.status).toBe(1);
    expect(two.status).toBe(1);
    const strip = (out: string) => {
      const r = JSON.parse(out);
      return { verdict: r.verdict, paths: r.paths, failures: r.failures.map((f: { line: number }) => f.line) };
    };
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
    expect(strip(one.stdout).verdict).toBe('failed');
  }, 120_000);

  it('a signal to the launcher ends the relaunched verifier too', async () => {
    const file = ifs(22, 'long.sym');
    const child = spawn(process.execPath, [BIN, 'verify', file, '--jobs', '2'], { stdio: 'ignore' });
    // Both processes run: the launcher and the CLI it started with --single-threaded-gc.
    await expect
      .poll(() => running(file).some((l) => l.includes('--single-threaded-gc')), { timeout: 20_000 })
      .toBe(true);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    await expect.poll(() => running(file), { timeout: 20_000 }).toEqual([]);
  }, 120_000);

  it('--jobs 1 and other commands run in the launcher itself', async () => {
    const file = ifs(22, 'one.sym');
    const child = spawn(process.execPath, [BIN, 'verify', file, '--jobs', '1'], { stdio: 'ignore' });
    await expect.poll(() => running(file).length, { timeout: 20_000 }).toBe(1);
    expect(running(file).some((l) => l.includes('--single-threaded-gc'))).toBe(false);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }, 120_000);
});

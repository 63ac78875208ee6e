// Issue 28.3: the real `symdap verify` process with SYMDAP_Z3_PRELOAD=1 begins loading Z3's
// WebAssembly at start (src/cli/z3preload.ts), and `--solver auto` picks the native backend when a `z3` binary is
// installed. Whatever the timing, the process must print its whole report and exit with
// its verdict's code: when Z3 was needed (the load awaited), when it was not (the process
// exits without waiting for the load), with the preload off, and with every backend choice.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z3NativeAvailable } from '../../src/engine/solver';

const BIN = join(__dirname, '..', '..', 'bin', 'symdap.js');
const dir = mkdtempSync(join(tmpdir(), 'symdap-z3start-'));
const product = join(dir, 'product.sym');
writeFileSync(product, 'proc main(x: int, y: int) {\n  if (x * y == 91 && x > 1 && y > 1) { assert x != 7; }\n}\n');
const trivial = join(dir, 'trivial.sym');
writeFileSync(trivial, 'proc main() { var x: int := 1; assert x == 1; }\n');

function verify(
  file: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): { code: number | null; report: { verdict: string; stats: { solverCalls: number } }; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, 'verify', file, '--json', ...extra], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, report: JSON.parse(r.stdout), stderr: r.stderr };
}

describe('Z3 preloaded by the real process', () => {
  it('a program whose first query needs Z3: the counterexample, exit 1, with and without the preload', () => {
    const envs: Record<string, string>[] = [{ SYMDAP_Z3_PRELOAD: '1' }, {}];
    for (const env of envs) {
      const r = verify(product, [], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1);
      expect(r.report.verdict).toBe('failed');
      expect(r.report.stats.solverCalls).toBeGreaterThan(0);
    }
  }, 120_000);

  it('a program that never needs Z3 exits 0 with its whole report while the load may still run', () => {
    const r = verify(trivial, [], { SYMDAP_Z3_PRELOAD: '1' });
    expect(r.code).toBe(0);
    expect(r.report.verdict).toBe('verified');
    expect(r.report.stats.solverCalls).toBe(0);
  }, 60_000);
});

describe('--solver auto', () => {
  it('gives the verdict of z3-wasm, and names the backend it chose', () => {
    const wasm = verify(product, ['--solver', 'z3-wasm']);
    const auto = verify(product, ['--solver', 'auto']);
    expect(auto.code).toBe(wasm.code);
    expect(auto.report.verdict).toBe(wasm.report.verdict);
    const text = spawnSync(process.execPath, [BIN, 'verify', product, '--solver', 'auto'], { encoding: 'utf8' }).stdout;
    expect(text).toMatch(z3NativeAvailable() ? /z3-native calls/ : /z3-wasm calls/);
  }, 120_000);

  it('refuses an unknown backend by name', () => {
    const r = spawnSync(process.execPath, [BIN, 'verify', trivial, '--solver', 'cvc5'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--solver' must be one of z3-wasm, z3-native, auto/);
  });
});

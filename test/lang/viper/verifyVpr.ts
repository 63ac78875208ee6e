// `symdap verify --json` of a Viper source written to a scratch directory, through the real CLI
// and Z3: the verdict and each failure's line and Viper id, which is what the Viper tests compare.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { symdap } from '../../support/cli';

export interface Outcome {
  verdict: string;
  failures: { line: number; viperError: string }[];
}

interface Report {
  verdict: string;
  failures: { line: number; viperError: string; message: string }[];
}

/** The whole `--json` report of each source, over a directory made before the file's tests and removed after them. */
export function scratchReporter(prefix: string): (source: string) => Promise<Report> {
  let dir = '';
  let n = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return async (source) => {
    const file = join(dir, `p${++n}.vpr`);
    await writeFile(file, source);
    const r = await symdap('verify', file, '--json');
    return JSON.parse(r.out) as Report;
  };
}

/** A verify function giving the verdict and each failure's line and Viper id. */
export function scratchVerifier(prefix: string): (source: string) => Promise<Outcome> {
  const report = scratchReporter(prefix);
  return async (source) => {
    const json = await report(source);
    return { verdict: json.verdict, failures: json.failures.map((f) => ({ line: f.line, viperError: f.viperError })) };
  };
}

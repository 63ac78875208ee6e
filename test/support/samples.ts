// Reads the samples and the expectations in their header comments
// (`// @expect explore failed`, `// @failure 14 assert`, `// @args --loop-bound 8`,
// `// @pending engine (why)`: the verdicts are for later, the symbolic engine refuses the sample today;
// `// @weak modular`: that mode's failures come from a too-weak specification, no input reaches them).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface SampleExpectation {
  readonly path: string;
  readonly name: string;
  readonly source: string;
  /** `generational`: the verdict of `verify --searcher generational` (samples/README.md). */
  readonly verdicts: Partial<Record<'explore' | 'modular' | 'generational', string>>;
  readonly failures: { line: number; kind: string }[];
  readonly args: string[];
  /** Parts that cannot run the sample yet (`engine`): the test checks that they refuse it cleanly. */
  readonly pending: string[];
  /** Modes whose failures no input reaches (a specification too weak for them): their counterexamples do not replay. */
  readonly weak: string[];
}

export const SAMPLES_DIR = join(__dirname, '..', '..', 'samples');

export function sampleFiles(dir = SAMPLES_DIR): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...sampleFiles(p));
    else if (p.endsWith('.sym')) out.push(p);
  }
  return out;
}

export function readSample(path: string): SampleExpectation {
  const source = readFileSync(path, 'utf8');
  const verdicts: SampleExpectation['verdicts'] = {};
  const failures: SampleExpectation['failures'] = [];
  let args: string[] = [];
  const pending: string[] = [];
  const weak: string[] = [];
  for (const line of source.split('\n')) {
    const m = /^\s*\/\/\s*@(expect|failure|args|pending|weak)\s+(.*?)\s*(\(.*)?$/.exec(line);
    if (!m) continue;
    const words = m[2].split(/\s+/);
    if (m[1] === 'expect') verdicts[words[0] as 'explore' | 'modular' | 'generational'] = words[1];
    else if (m[1] === 'failure') failures.push({ line: Number(words[0]), kind: words[1] });
    else if (m[1] === 'pending') pending.push(...words);
    else if (m[1] === 'weak') weak.push(...words);
    else args = words;
  }
  return { path, name: relative(SAMPLES_DIR, path), source, verdicts, failures, args, pending, weak };
}

/** `--loop-bound 8` → { loopBound: 8 } */
export function optionsFromArgs(args: readonly string[]): { loopBound?: number; entry?: string } {
  const out: { loopBound?: number; entry?: string } = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--loop-bound') out.loopBound = Number(args[++i]);
    if (args[i] === '--entry') out.entry = args[++i];
  }
  return out;
}

/**
 * A sample with synth functions. Loops that run samples concretely skip these: their concrete
 * run needs the function synthesised first (a full synthesis per sample), and the repaired
 * program has other line numbers than the reported failures; test/engine/synth.test.ts checks
 * the repaired programs (re-verified and run with `symdap run`).
 */
export function hasSynth(s: SampleExpectation): boolean {
  return /^\s*synth\s/m.test(s.source);
}

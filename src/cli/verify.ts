// `symdap verify FILE [--jobs N]`: the headless verifier (several files or a directory: parallel/verifyMany.ts). Exit 0 verified, 1 failed, 2 usage or program
// error, 3 unknown. `--json` prints the report object, and on every error (bad options,
// unreadable file, unknown entry) a report with verdict "error": stdout is always exactly one
// JSON document. `--tests DIR` writes one input file per explored path (replayable with
// `symdap run --inputs`).

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SEARCHERS } from '../engine/explore/searchers';
import { resolveBackend, z3NativeAvailable } from '../engine/solver/index';
import type { VerifySourceOptions } from '../engine/verify/verifySource';
import { verifySourceJobs, type ParallelInfo } from '../engine/parallel/verifyParallel';
import { jobsOption } from './parallel/jobsOption';
import { verifyInputs } from './parallel/inputs';
import type { TestCase } from '../engine/verify/verify';
import type { InputJSON } from '../engine/state/counterexample';
import { errorReport, type VerifyReport } from '../engine/verify/report';
import { error } from '../lang/diagnostics';
import { readProgramFileSync } from '../lang/sourceFile';
import { oneOf, parseArgs, positiveInt } from './args';
import { printDiagnostics, type CliIO } from './io';
import { EXIT_CODES, formatReport } from './verifyOutput';
import { readJsonFile } from './jsonFile';
import { languageOf, LANGUAGES, type SourceLanguage } from '../lang/language';
import { explainReport } from '../engine/why/explain';

const USAGE =
  'usage: symdap verify FILE|DIR... [--jobs N] [--entry P] [--mode explore|modular] [--loop-bound N] [--recursion-bound N] [--searcher dfs|bfs|random|coverage|generational] [--seed INPUTS.json] [--runs N] [--timeout MS] [--solver z3-wasm|z3-native|auto] [--json] [--proofs] [--tests DIR] [--tree OUT.html] [--heap-graph DIR] [--lang sym|viper] [--smoke]\n';

interface VerifyOptions {
  files?: string[];
  opts?: VerifySourceOptions;
  jobs: number;
  json: boolean;
  proofs?: boolean;
  tests?: string;
  tree?: string;
  heapGraph?: string;
  seed?: string;
  error?: string;
}

function options(args: string[]): VerifyOptions {
  const p = parseArgs(args, {
    flags: ['json', 'proofs', 'smoke'],
    values: [
      'jobs',
      'entry',
      'mode',
      'loop-bound',
      'recursion-bound',
      'searcher',
      'timeout',
      'solver',
      'tests',
      'tree',
      'seed',
      'runs',
      'heap-graph',
      'lang',
    ],
  });
  if (p.error) return { jobs: 1, json: false, error: p.error };
  if (p.positional.length === 0) return { jobs: 1, json: false, error: 'no file given' };
  const jobs = jobsOption(p.options.get('jobs'));
  const mode = oneOf(p.options.get('mode'), ['explore', 'modular'] as const, 'mode');
  const loopBound = positiveInt(p.options.get('loop-bound'), 'loop-bound');
  const recursionBound = positiveInt(p.options.get('recursion-bound'), 'recursion-bound');
  const searcher = oneOf(p.options.get('searcher'), [...SEARCHERS, 'generational'] as const, 'searcher');
  const runs = positiveInt(p.options.get('runs'), 'runs');
  const timeout = positiveInt(p.options.get('timeout'), 'timeout');
  const solver = oneOf(p.options.get('solver'), ['z3-wasm', 'z3-native', 'auto'] as const, 'solver');
  const lang = oneOf(p.options.get('lang'), LANGUAGES, 'lang');
  const error =
    [jobs, mode, loopBound, recursionBound, searcher, timeout, solver, runs, lang].find((o) => o.error)?.error ??
    generationalError(p.options, searcher.value === 'generational') ??
    (solver.value === 'z3-native' && !z3NativeAvailable()
      ? "--solver z3-native needs a 'z3' binary on the PATH"
      : undefined);
  if (error) return { jobs: 1, json: false, error };
  const viper = viperMode(
    p.positional.map((f) => lang.value ?? languageOf(f)),
    mode.value,
  );
  if (viper.error) return { jobs: 1, json: false, error: viper.error };
  return {
    files: p.positional,
    jobs: jobs.value,
    json: p.flags.has('json'),
    proofs: p.flags.has('proofs'),
    tests: p.options.get('tests'),
    tree: p.options.get('tree'),
    heapGraph: p.options.get('heap-graph'),
    seed: p.options.get('seed'),
    opts: {
      entry: p.options.get('entry'),
      mode: viper.mode,
      ...(lang.value ? { lang: lang.value } : {}),
      ...(p.flags.has('smoke') ? { smoke: true } : {}),
      loopBound: loopBound.value,
      recursionBound: recursionBound.value,
      searcher: searcher.value === 'generational' ? undefined : searcher.value,
      timeoutMs: timeout.value,
      solver: solver.value && resolveBackend(solver.value),
      collectTests: p.options.has('tests'),
      ...(p.options.has('tree') || p.options.has('heap-graph') ? { retain: true } : {}),
      ...(searcher.value === 'generational' ? { generational: { runs: runs.value } } : {}),
    },
  };
}

/** `.vpr` files verify modularly (a method without a body, and the helpers of inhale/exhale, are
 *  contracts only: run, they would assume false); explore mode is refused for them. */
function viperMode(
  langs: readonly SourceLanguage[],
  mode: 'explore' | 'modular' | undefined,
): { mode?: 'explore' | 'modular'; error?: string } {
  const viper = langs.filter((l) => l === 'viper');
  if (viper.length === 0) return { mode };
  if (mode === 'explore')
    return { error: 'Viper files (.vpr) are verified modularly; --mode explore is not available for them' };
  if (viper.length < langs.length && mode === undefined)
    return { error: 'Viper (.vpr) and Sym files together need --mode modular' };
  return { mode: 'modular' };
}

/** The generational search's options go together: no --seed or --runs without it, no modular mode or tree with it. */
function generationalError(o: ReadonlyMap<string, string>, generational: boolean): string | undefined {
  if (!generational) {
    const stray = ['seed', 'runs'].find((k) => o.has(k));
    return stray && `--${stray} needs --searcher generational`;
  }
  if (o.get('mode') === 'modular') return '--searcher generational runs the entry concretely; it has no modular mode';
  const tree = ['tree', 'heap-graph'].find((k) => o.has(k));
  return tree ? `--${tree} shows a symbolic exploration; --searcher generational has no tree` : undefined;
}

export async function runVerify(args: string[], io: CliIO): Promise<number> {
  // Decided before parsing, so that even a bad option gets its JSON error document.
  const json = args.includes('--json');
  const o = options(args);
  const first = o.files?.[0] ?? args.find((a) => !a.startsWith('-')) ?? '';
  if (o.error || !o.files || !o.opts)
    return refuse(io, json, first, `symdap verify: ${o.error}\n${USAGE}`, o.error ?? 'bad options');
  const inputs = await verifyInputs(o.files);
  if (inputs.error) return refuse(io, json, first, `symdap verify: ${inputs.error}\n`, inputs.error);
  const single = o.files.length === 1 && inputs.files.length === 1 && inputs.files[0] === o.files[0];
  const singleOnly = o.tests
    ? '--tests'
    : o.tree
      ? '--tree'
      : o.heapGraph
        ? '--heap-graph'
        : o.opts.generational
          ? '--searcher generational'
          : undefined;
  if (!single && singleOnly) {
    const message = `${singleOnly} takes a single file`;
    return refuse(io, json, first, `symdap verify: ${message}\n${USAGE}`, message);
  }
  const seed = o.seed === undefined ? undefined : await readSeed(o.seed);
  if (seed && 'error' in seed) return refuse(io, json, first, `${o.seed}:1:1: error: ${seed.error}\n`, seed.error);
  const opts =
    seed && o.opts.generational ? { ...o.opts, generational: { ...o.opts.generational, seed: seed.inputs } } : o.opts;
  try {
    // Loaded only when used (start-up): several files need the thread pool, --tree the page builder.
    if (!single) return await (await import('./parallel/verifyMany')).verifyMany(inputs.files, opts, o.jobs, json, io);
    const read = readProgramFileSync(first);
    if ('error' in read) return refuse(io, json, first, `${first}:1:1: error: ${read.error}\n`, read.error);
    return await verifyAndReport(
      first,
      read.source,
      opts,
      o.jobs,
      { tests: o.tests, tree: o.tree, heapGraph: o.heapGraph, proofs: o.proofs },
      json,
      io,
    );
  } catch (e) {
    const message = `internal error: ${e instanceof Error ? e.message : String(e)}`;
    return refuse(io, json, first, `symdap verify: ${message}\n`, message);
  }
}

async function verifyAndReport(
  file: string,
  source: string,
  opts: VerifySourceOptions,
  jobs: number,
  outs: { tests?: string; tree?: string; heapGraph?: string; proofs?: boolean },
  json: boolean,
  io: CliIO,
): Promise<number> {
  const result = await verifySourceJobs(source, file, opts, jobs);
  if (result.error) return refuse(io, json, file, `symdap verify: ${result.error}\n`, result.error);
  printDiagnostics(io, result.diagnostics, source);
  if (outs.tests && result.report.verdict !== 'error') await writeTests(outs.tests, result.tests);
  // Failures classified (real or too-weak specification) and vacuity warnings: docs/why.md.
  const report = await explainReport(result.checked, opts, result.report, { proofs: outs.proofs });
  if (outs.tree && result.tree)
    await (
      await import('./treeReport')
    ).writeTreeReport(outs.tree, result.tree, report, source, {
      backend: opts.solver ?? 'z3-wasm',
      timeoutMs: opts.timeoutMs,
    });
  if (outs.heapGraph && result.tree)
    await (
      await import('./heapGraphs')
    ).writeHeapGraphs(outs.heapGraph, result.tree, opts.solver ?? 'z3-wasm', opts.timeoutMs);
  if ((opts.lang ?? languageOf(file)) === 'viper') {
    // Loaded for a Viper file only: it loads Viper's front end, which a Sym run never needs (start-up).
    const { UNSUPPORTED_EXIT, viperReport } = await import('./viperReport');
    const v = viperReport(report, result.viperSites ?? []);
    const asReport = v as unknown as VerifyReport; // formatReport reads only fields a ViperReport has
    const text =
      v.verdict === 'unsupported' ? `${file}: unsupported\n` : formatReport(asReport, opts.solver ?? 'z3-wasm');
    io.out(json ? jsonDocument(withJobs(asReport, result.parallel)) : text);
    return v.verdict === 'unsupported' ? UNSUPPORTED_EXIT : EXIT_CODES[v.verdict];
  }
  io.out(json ? jsonDocument(withJobs(report, result.parallel)) : formatReport(report, opts.solver ?? 'z3-wasm'));
  return EXIT_CODES[report.verdict];
}

/** The seed of a generational search: a JSON object in the `symdap run --inputs` format (checked against the program later). */
async function readSeed(path: string): Promise<{ inputs: Record<string, InputJSON> } | { error: string }> {
  const file = await readJsonFile(path);
  if ('error' in file)
    return { error: file.unreadable ? `cannot read the seed: ${file.error}` : `the seed is not JSON: ${file.error}` };
  const json = file.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { error: 'the seed must be a JSON object mapping input names to values' };
  return { inputs: json as Record<string, InputJSON> };
}

/**
 * Exit 2 with the message on stderr; with --json, stdout still gets exactly one document:
 * the report with verdict "error" and the message as its diagnostic.
 */
function refuse(io: CliIO, json: boolean, file: string, text: string, message: string): number {
  io.err(text);
  if (json) io.out(jsonDocument(errorReport(file, [error(file, { line: 1, col: 1, endLine: 1, endCol: 1 }, message)])));
  return EXIT_CODES.error;
}

/** The --json report plus how it ran: `jobs` (worker threads used; 1 = in this thread) and,
 *  when more were asked for but one was used, `jobsNote` saying why. */
function withJobs(report: VerifyReport, p: ParallelInfo): VerifyReport & { jobs: number; jobsNote?: string } {
  return { ...report, jobs: p.jobs, ...(p.fallback ? { jobsNote: p.fallback } : {}) };
}

function jsonDocument(report: VerifyReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

/** KLEE-style test cases: test000001.json holds the inputs; a failing path also gets test000001.err. */
async function writeTests(dir: string, tests: readonly TestCase[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await Promise.all(
    tests.map(async (t, i) => {
      const base = join(dir, `test${String(i + 1).padStart(6, '0')}`);
      await writeFile(`${base}.json`, JSON.stringify(t.inputs, null, 2) + '\n');
      if (t.failure) await writeFile(`${base}.err`, t.failure + '\n');
    }),
  );
}

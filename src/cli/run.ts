// `symdap run FILE [--entry P] [--inputs inputs.json]`: runs a program concretely, e.g. to
// replay a counterexample `symdap verify` found. Exit 0 when the run ends cleanly, 1 on a
// failure, 2 on a usage, program or input error, 3 when the inputs violate an assumption,
// the run is cut off, or it needs something a concrete run cannot do (quantifiers).
// `--coverage` adds the statement and branch coverage of the run (coverage.ts's report).

import type { CheckedProgram } from '../lang/checked';
import { repairedProgram } from '../engine/verify/synthRepaired';
import { formatSpan } from '../lang/span';
import { formatHeap } from '../engine/concrete/objects';
import type { ConcreteResult } from '../engine/concrete/interpreter';
import { replayInputs } from '../engine/concrete/replay';
import { formatValue } from '../engine/concrete/values';
import { resolveEntry } from '../engine/verify/entry';
import { FAILURE_TITLES } from '../engine/state/failures';
import { coverageReport, formatCoverage } from '../engine/explore/coverage';
import { parseArgs } from './args';
import { loadForCommand, type CliIO } from './io';
import { readJsonFile } from './jsonFile';

const USAGE = 'usage: symdap run FILE [--entry P] [--inputs inputs.json] [--coverage]\n';

interface RunArgs {
  file: string;
  entry?: string;
  inputs?: string;
  coverage: boolean;
}

export async function runRun(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const parsed = runArgs(args);
  if (typeof parsed === 'string') {
    io.err(`symdap run: ${parsed}\n${USAGE}`);
    return 2;
  }
  const loaded = await loadForCommand(parsed.file, io);
  if (!loaded.checked) return 2;
  const checked = await withSynthesized(loaded.checked, parsed.entry, io);
  if (!checked) return 2;
  const entry = resolveEntry(checked, parsed.entry);
  if (!entry.proc) {
    io.err(`symdap run: ${entry.error}\n`);
    return 2;
  }
  const json = await readInputs(parsed.inputs, io);
  if (json === undefined) return 2;
  const replayed = replayInputs(checked, entry.proc, json);
  if (!replayed.run) {
    io.err(`symdap run: ${parsed.inputs}: ${replayed.error}\n`);
    return 2;
  }
  for (const w of replayed.unread) io.err(`symdap run: warning: ${parsed.inputs}: ${w}\n`);
  const result = replayed.run;
  io.out(report(checked.file, result));
  if (parsed.coverage)
    io.out(
      `${formatCoverage(coverageReport(checked, { lines: new Set(result.trace), sides: new Set(result.sides) }))}\n`,
    );
  return EXIT_CODES[result.status];
}

/** A program with synth functions runs with the functions `verify` finds substituted (stderr names them). */
async function withSynthesized(
  checked: CheckedProgram,
  entry: string | undefined,
  io: CliIO,
): Promise<CheckedProgram | undefined> {
  if (checked.synths.size === 0) return checked;
  const repaired = await repairedProgram(checked, entry);
  if ('error' in repaired) {
    io.err(`symdap run: ${repaired.error}\n`);
    return undefined;
  }
  for (const f of repaired.functions) io.err(`synthesized: ${f}\n`);
  return repaired.checked;
}

const EXIT_CODES: Record<ConcreteResult['status'], number> = {
  ok: 0,
  failed: 1,
  assumeFailed: 3,
  outOfFuel: 3,
  unsupported: 3,
};

function runArgs(args: string[]): RunArgs | string {
  const p = parseArgs(args, { flags: ['coverage'], values: ['entry', 'inputs'] });
  if (p.error) return p.error;
  if (p.positional.length > 1) return `only one file can be run (got '${p.positional[0]}' and '${p.positional[1]}')`;
  const file = p.positional[0];
  return file === undefined
    ? 'no file given'
    : { file, entry: p.options.get('entry'), inputs: p.options.get('inputs'), coverage: p.flags.has('coverage') };
}

/** The inputs file's JSON ({} without --inputs); undefined when it cannot be read (said on stderr). */
async function readInputs(path: string | undefined, io: CliIO): Promise<unknown> {
  if (path === undefined) return {};
  const file = await readJsonFile(path);
  if ('error' in file) {
    io.err(`symdap run: cannot read inputs from ${path}: ${file.error}\n`);
    return undefined;
  }
  return file.json;
}

/** The outcome line, then `name = value` for the entry's variables and the globals. */
function report(file: string, r: ConcreteResult): string {
  const lines = [outcome(file, r)];
  for (const [name, v] of r.store) lines.push(`${name} = ${formatValue(v)}`);
  for (const [name, v] of r.globals) lines.push(`${name} = ${formatValue(v)}`);
  lines.push(...formatHeap(r.heap, formatValue));
  return lines.join('\n') + '\n';
}

function outcome(file: string, r: ConcreteResult): string {
  switch (r.status) {
    case 'ok':
      return 'ok';
    case 'failed': {
      if (!r.failure) return `failed: ${r.message ?? ''}`;
      // The symbolic titles say "may fail"; a concrete run knows it did.
      const title = FAILURE_TITLES[r.failure.kind].replace(' may fail', ' failed');
      const detail = r.message ? ` (${r.message})` : '';
      return `${formatSpan(file, r.failure.span)}: ${title}: ${r.failure.message}${detail}`;
    }
    case 'assumeFailed':
      return `assumption failed: ${r.message ?? ''}`;
    case 'outOfFuel':
      return `out of fuel: ${r.message ?? ''}`;
    case 'unsupported':
      return `cannot run concretely: ${r.message ?? ''}`;
  }
}

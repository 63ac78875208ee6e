// `symdap run` on a program with synth functions: verify it first (explore mode), then run
// the repaired program, the synth declarations replaced by the functions found, so its paths
// replay concretely. No function (or no answer) is an error the run reports, not a crash.

import type { CheckedProgram } from '../../lang/checked';
import { loadSource } from '../../lang/frontend';
import { formatDiagnostic, hasErrors } from '../../lang/diagnostics';
import { verifySource } from './verifySource';
import { substituteSynth } from '../synth/substitute';
import { functionDefinition } from '../synth/readback';

export type Repaired = { readonly checked: CheckedProgram; readonly functions: string[] } | { readonly error: string };

export async function repairedProgram(checked: CheckedProgram, entry?: string): Promise<Repaired> {
  const out = await verifySource(checked.source, checked.file, { entry, mode: 'explore' });
  const found = out.report.synthesized;
  if (!found) {
    const why = out.report.failures[0]?.message ?? out.report.notes[0] ?? out.error ?? `verdict ${out.report.verdict}`;
    return { error: `no synthesised function to run with (${why})` };
  }
  const source = substituteSynth(checked.source, [...checked.synths.values()], found);
  const loaded = loadSource(source, checked.file);
  if (!loaded.checked || hasErrors(loaded.diagnostics)) {
    return {
      error: `internal: the repaired program does not check: ${loaded.diagnostics.map(formatDiagnostic).join('; ')}`,
    };
  }
  const functions = Object.entries(found).map(([name, f]) => functionDefinition(name, f));
  return { checked: loaded.checked, functions };
}

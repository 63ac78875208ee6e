// Which procedure a run starts in: `--entry P`, else `main`, else the first procedure of the
// file, and which procedures modular mode verifies on their own. Shared by `symdap verify`,
// `symdap run` and the debugger's launch request.

import type { Proc } from '../../lang/ast';
import type { CheckedProgram } from '../../lang/checked';

export function resolveEntry(checked: CheckedProgram, entry?: string): { proc?: Proc; error?: string } {
  if (entry !== undefined) {
    const proc = checked.procs.get(entry);
    if (proc) return { proc };
    const names = [...checked.procs.keys()];
    return { error: `no procedure named ${entry} (procedures: ${names.length > 0 ? names.join(', ') : 'none'})` };
  }
  const main = checked.procs.get('main');
  if (main) return { proc: main };
  const first = checked.procs.values().next();
  if (first.done) return { error: 'the program has no procedure to run' };
  return { proc: first.value };
}

/**
 * Whether a procedure is verified on its own in modular mode: not one checked only where it is
 * called, nor a Viper statement's helper (an exhale's requires would be produced from nothing,
 * its reads unframed; the call checks them in the caller's state, rules/calls.ts).
 */
export function verifiedAlone(p: Proc): boolean {
  return !p.contractOnly && !p.statementHelper;
}

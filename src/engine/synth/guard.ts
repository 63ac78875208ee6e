// Synth functions need explore mode in v1 (docs/design.md D.21): modular verification asks for one
// function for all inputs of every procedure, which needs CEGIS (D.20), not built yet.

import type { CheckedProgram } from '../../lang/checked';
import { error, type Diagnostic } from '../../lang/diagnostics';

export function synthModeError(checked: CheckedProgram, mode: 'explore' | 'modular'): Diagnostic | undefined {
  const first = [...checked.synths.values()][0];
  if (mode !== 'modular' || first === undefined) return undefined;
  return error(
    checked.file,
    first.nameSpan,
    `synth functions need --mode explore (synth function '${first.name}'; modular mode would need CEGIS)`,
  );
}

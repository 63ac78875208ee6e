// A failure on a `.vpr` program in the debugger carries Viper's error id
// (`assert.failed:assertion.false`, …), as `symdap verify` prints it: in the exception's
// description and as its exceptionId, so a Viper user sees the error they know beside symdap's
// explanation.

import type { CheckedProgram } from '../../lang/checked';
import { viperErrorId } from '../../lang/viper/errorIds';
import { shownInstances } from '../../lang/viper/quantifiedPredNames';
import type { FailureSite } from '../../engine/state/failures';
import type { ExceptionText } from './describe';

export function withViperId(
  checked: CheckedProgram,
  failure: FailureSite | undefined,
  info: ExceptionText,
): ExceptionText {
  // A program read as Viper (by extension or --lang viper) carries its sites from the one load.
  const sites = checked.viperSites;
  if (failure === undefined || sites === undefined) return info;
  const id = viperErrorId({ kind: failure.kind, span: failure.span, message: failure.message }, sites);
  return {
    ...info,
    exceptionId: id,
    description: `${shownInstances(info.description ?? '')} [${id}]`,
    details: { ...info.details, message: `${shownInstances(info.details?.message ?? '')} [${id}]` },
  };
}

// The labels a contract-only helper names (a Viper `exhale`/`inhale` statement lowered to a call,
// lang/viper/helpers.ts): its `old[l](e)` reads its caller's label l (rules/calls.ts), so the
// helper's own contract names any label, and each one must be visible where it is called, as
// if the assertion stood there (docs/language.md "Labels and old[l]").

import type { Old, Proc } from './ast';
import { astNodes } from './astNodes';
import type { CheckTables } from './checkTables';
import type { LabelScope } from './labelScope';

/** Reports each label of `callee`'s contract that is not visible at its call (`labels`: the caller's scope). */
export function checkCalleeLabels(callee: Proc | undefined, labels: LabelScope | undefined, tables: CheckTables): void {
  if (!callee?.contractOnly || !labels) return;
  for (const n of astNodes([callee.requires, callee.ensures])) {
    const old = n as Old;
    if (old.kind !== 'old' || old.label === undefined) continue;
    const problem = labels.problem(old.label);
    if (problem) tables.error(old.labelSpan ?? old.span, problem);
  }
}

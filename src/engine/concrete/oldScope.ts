// The scope `old(e)` and `old[l](e)` read in a run (the symbolic rule is engine/rules/labels.ts):
// the entry state, or the state `label l` recorded. Viper's old (heapOnly) takes only that
// state's heap; variables keep their current values.

import type { Old } from '../../lang/ast';
import type { Scope } from './hosts';

export function oldScope(e: Old, scope: Scope, host: { unsupported(message: string): never }): Scope {
  const then = e.label === undefined ? scope.old() : scope.labelled?.(e.label);
  if (then === undefined) return host.unsupported(`old[${e.label}](…) where label ${e.label} was not reached`);
  if (!e.heapOnly) return then;
  return {
    heap: then.heap,
    lookup: (ref) => scope.lookup(ref),
    old: () => scope.old(),
    labelled: scope.labelled && ((l) => scope.labelled?.(l)),
  };
}

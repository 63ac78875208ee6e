// `refute φ` (Viper's refute plugin; docs/viper.md "refute"). Viper rewrites it to
// `if (*) { assert φ; inhale false }` and reports `refute.failed` when that assert failed on no
// path: the refute holds when some path reaches it on which φ may be false. So the verdict is
// over all the paths, not one: each visit asks whether ¬φ is satisfiable with the path
// condition, and a visit where it is marks its edge `refuted`; the report lists every refute no
// edge marked (verify/refutes.ts), including one no path reaches (where φ holds vacuously).
// The path itself goes on unchanged: the refute assumes nothing.

import type { Refute } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import { isSymArray, type State } from '../state/state';
import { ask, unknownLeaf } from './checks';
import { STEP, type EngineContext, type Successor } from './context';
import { withValue } from './evalChecked';

export function refute(ctx: EngineContext, s: State, st: Refute): Promise<Successor[]> {
  return withValue(ctx, s, st.cond, async (s1, v) => {
    if (isSymArray(v)) throw new Error('internal: an array where a bool was expected');
    const r = await ask(ctx, s1, ctx.T.not(v));
    if (r.status === 'unsat') return [{ state: s1, label: STEP }];
    const refuted: Successor = { state: s1, label: { kind: 'refuted', span: st.span } };
    // Under domain axioms `ask` reads unknown as sat without a model (checks.ts): for a refute
    // that would be a success read from an unknown answer, so it is unknown here.
    const unknown = r.status === 'unknown' || (!r.model && (ctx.checked.axioms?.length ?? 0) > 0);
    if (!unknown) return [refuted];
    const why = r.status === 'unknown' ? r : { status: 'unknown' as const, reason: 'unknown under the axioms' };
    return [unknownLeaf(s1, why, `whether refute ${printExpr(st.cond, 80)} may be false`), refuted];
  });
}

// `assert A;` where A holds permissions (docs/design.md B.5): A is consumed on a copy of the heap, so
// a missing chunk is a `permission` failure and a pure part an `assert` failure, and the heap
// that goes on is the one before the assert (an assert checks, it takes nothing).

import type { Assert } from '../../lang/ast';
import { printExpr } from '../../lang/printer';
import type { State } from '../state/state';
import { STEP, type EngineContext, type Successor } from './context';
import { consume } from './consume';
import { envOf } from './frames';

export async function assertWithHeap(ctx: EngineContext, s: State, st: Assert): Promise<Successor[]> {
  const out = await consume(ctx, s, [st.cond], {
    env: envOf(ctx, s),
    pureSite: (e) => ({ kind: 'assert', span: st.span, message: printExpr(e, 200) }),
    accSite: (a) => ({
      kind: 'permission',
      span: st.span,
      message: `assert ${printExpr(a)}: the permission is not held`,
    }),
    predSite: (c) => ({
      kind: 'permission',
      span: st.span,
      message: `assert ${printExpr(c)}: the instance is not held`,
    }),
    reason: `assert at line ${st.span.line}`,
  });
  return [...out.leaves, ...out.outs.map((o) => ({ state: { ...o.state, heap: s.heap }, label: STEP }))];
}

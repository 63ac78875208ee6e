// `define` inside a method body: a macro of that method only. Viper expands macros syntactically
// before verifying, so the lowering gathers a method's own macros (in nested blocks too) and
// lowers the method with them beside the program's; the statement itself then lowers to
// nothing. A local macro that reuses the name of another declaration is an error.

import type { VBlock, VDefine, VStmt } from './ast';
import { fail, type LowerCtx } from './context';

export function withLocalMacros(ctx: LowerCtx, body: VBlock | undefined): LowerCtx {
  const local = body === undefined ? [] : definesIn(body.stmts);
  if (local.length === 0) return ctx;
  const macros = new Map(ctx.decls.macros);
  const d = ctx.decls;
  for (const m of local) {
    const taken = d.macros.has(m.name) || d.functions.has(m.name) || d.predicates.has(m.name) || d.methods.has(m.name);
    if (taken || (macros.has(m.name) && macros.get(m.name) !== m))
      fail(ctx, `'${m.name}' is already declared`, m.nameSpan);
    else macros.set(m.name, m);
  }
  return { ...ctx, decls: { ...d, macros } };
}

function definesIn(stmts: readonly VStmt[]): VDefine[] {
  return stmts.flatMap((s): VDefine[] => {
    if (s.kind === 'define') return [s];
    if (s.kind === 'block') return definesIn(s.stmts);
    if (s.kind === 'while') return definesIn(s.body.stmts);
    if (s.kind === 'if') return [...definesIn(s.then.stmts), ...(s.otherwise ? definesIn([s.otherwise]) : [])];
    return [];
  });
}

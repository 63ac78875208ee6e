// Sym declares each name once per procedure (docs/language.md, "No shadowing"): a local declared
// after a quantifier whose binder has its name clashes, where Viper scopes the two apart
// (issues/carbon/0236.vpr: `ensures … forall i: Int :: …` and `var i: Int` in the body; a
// statement macro's `var x` spliced after `assert forall x …`, silver/0445.vpr). Before a method
// is lowered, each binder named like one of its parameters, results or locals (its own or a
// macro's) is renamed, `i` to `i'` (a Viper identifier, so a failure still reads as Viper),
// throughout its quantifier: an alpha-renaming, so the meaning is the same.

import { astNodes } from '../astNodes';
import type { VDecl, VDefine } from './ast';
import { bindersAt, boundNames, renameVars } from './renameVars';

type Method = Extract<VDecl, { kind: 'method' }>;
type Node = Record<string, unknown>;

/** `n` with each quantifier binder in `clash` renamed to a name not in `taken` (which grows). */
function distinct(n: unknown, clash: ReadonlySet<string>, taken: Set<string>): unknown {
  if (Array.isArray(n)) return n.map((x) => distinct(x, clash, taken));
  if (n === null || typeof n !== 'object') return n;
  let x = n as Node;
  if (x.kind === 'quant') {
    const names = new Map<string, string>();
    for (const name of bindersAt(x as { kind: string }).filter((b) => clash.has(b))) {
      let to = `${name}'`;
      while (taken.has(to)) to += "'";
      taken.add(to);
      names.set(name, to);
    }
    if (names.size > 0) {
      // The binders' uses are free below the quantifier once its variables are set aside.
      const vars = (x.vars as { name: string }[]).map((v) => ({ ...v, name: names.get(v.name) ?? v.name }));
      x = { ...renameVars({ ...x, vars: [] }, names), vars };
    }
  }
  const out: Node = {};
  for (const [k, v] of Object.entries(x)) out[k] = k === 'span' ? v : distinct(v, clash, taken);
  return out;
}

/** `m` with no quantifier binder named like a variable of the procedure it becomes. */
export function distinctBinders(m: Method, macros: Iterable<VDefine>): Method {
  const locals = [...astNodes([m.body, ...[...macros].map((d) => d.body)])]
    .filter((x) => x.kind === 'varDecl')
    .map((x) => (x as unknown as { name: string }).name);
  const clash = new Set([...m.params, ...m.returns].map((p) => p.name).concat(locals));
  const binders = boundNames(m);
  if (!binders.some((b) => clash.has(b))) return m;
  const vars = [...astNodes(m)].filter((x) => x.kind === 'var').map((x) => (x as unknown as { name: string }).name);
  return distinct(m, clash, new Set([...clash, ...binders, ...vars])) as Method;
}

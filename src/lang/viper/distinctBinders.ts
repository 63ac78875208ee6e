// Sym declares each name once per procedure (docs/language.md, "No shadowing"): a local declared
// after a quantifier whose binder has its name clashes, where Viper scopes the two apart
// (issues/carbon/0236.vpr: `ensures … forall i: Int :: …` and `var i: Int` in the body; a
// statement macro's `var x` spliced after `assert forall x …`, silver/0445.vpr). Before a method
// is lowered, each binder named like one of its parameters, results or locals (its own or a
// macro's) is renamed, `i` to `i'` (a Viper identifier, so a failure still reads as Viper),
// throughout its quantifier: an alpha-renaming, so the meaning is the same.

import type { VDecl, VDefine } from './ast';

type Method = Extract<VDecl, { kind: 'method' }>;
type Node = Record<string, unknown>;

/** Every node of `n` (spans left out), depth first. */
function* nodes(n: unknown): Generator<Node> {
  if (Array.isArray(n)) for (const x of n) yield* nodes(x);
  else if (n !== null && typeof n === 'object') {
    yield n as Node;
    for (const [k, v] of Object.entries(n)) if (k !== 'span') yield* nodes(v);
  }
}

const bindersOf = (x: Node): string[] =>
  x.kind === 'quant' ? (x.vars as { name: string }[]).map((v) => v.name) : x.kind === 'let' ? [x.name as string] : [];

/** `n` with the variable `from` read as `to`, up to a binder of `from` inside it. */
function renamed(n: unknown, from: string, to: string): unknown {
  if (Array.isArray(n)) return n.map((x) => renamed(x, from, to));
  if (n === null || typeof n !== 'object') return n;
  const x = n as Node;
  if (x.kind === 'var' && x.name === from) return { ...x, name: to };
  const inner = x.kind === 'quant' && bindersOf(x).includes(from);
  const out: Node = {};
  for (const [k, v] of Object.entries(x)) {
    // A nested quantifier of the same name binds its own; a let's value is read outside it.
    const shadowed = inner || (x.kind === 'let' && x.name === from && k === 'body');
    out[k] = k === 'span' || shadowed ? v : renamed(v, from, to);
  }
  return out;
}

/** `n` with each quantifier binder in `clash` renamed to a name not in `taken` (which grows). */
function distinct(n: unknown, clash: ReadonlySet<string>, taken: Set<string>): unknown {
  if (Array.isArray(n)) return n.map((x) => distinct(x, clash, taken));
  if (n === null || typeof n !== 'object') return n;
  let x = n as Node;
  if (x.kind === 'quant') {
    for (const name of bindersOf(x).filter((b) => clash.has(b))) {
      let to = `${name}'`;
      while (taken.has(to)) to += "'";
      taken.add(to);
      const vars = (x.vars as { name: string }[]).map((v) => (v.name === name ? { ...v, name: to } : v));
      x = { ...(renamed({ ...x, vars: [] }, name, to) as Node), vars };
    }
  }
  const out: Node = {};
  for (const [k, v] of Object.entries(x)) out[k] = k === 'span' ? v : distinct(v, clash, taken);
  return out;
}

/** `m` with no quantifier binder named like a variable of the procedure it becomes. */
export function distinctBinders(m: Method, macros: Iterable<VDefine>): Method {
  const locals = [...nodes(m.body), ...[...macros].flatMap((d) => [...nodes(d.body)])]
    .filter((x) => x.kind === 'varDecl')
    .map((x) => x.name as string);
  const clash = new Set([...m.params, ...m.returns].map((p) => p.name).concat(locals));
  const binders = [...nodes(m)].flatMap(bindersOf);
  if (!binders.some((b) => clash.has(b))) return m;
  const taken = new Set([
    ...clash,
    ...binders,
    ...[...nodes(m)].filter((x) => x.kind === 'var').map((x) => x.name as string),
  ]);
  return distinct(m, clash, taken) as Method;
}

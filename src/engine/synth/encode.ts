// The propositional selector encoding of seed 000 (docs/design.md C.7, C.11), built from terms. Each
// synth function has one tree of Boolean selectors s[pos, N, a] (alternative a of nonterminal N
// at tree position pos) and one constant per `const` occurrence, shared by every application
// and every query of the run under stable keyed names. An application f(t̄) is the keyed
// symbol out[o, root, Start]; its facts are s ⇒ out[o, pos, N] = ⟦a⟧(t̄, children's outputs).
// The grammar's choice constraints (exactly one alternative where a node is needed, none
// elsewhere) are one fact of the root selector. Facts reach every query that mentions an
// application (rules/checks.ts), and because every application's facts share the selectors,
// independence slicing keeps all constraints on one function in one slice (D.26).

import type { Expr, SynthDecl } from '../../lang/ast';
import type { Type } from '../../lang/types';
import { sortOfType } from '../state/sorts';
import type { TermStore } from '../terms/store';
import type { Term } from '../terms/term';
import { altTerm } from './altTerm';
import { childPos, positions, shapeOf, type GrammarShape } from './shape';

/** What the keyed symbol of an application records (for the debugger and the run command). */
export interface SynthAppInfo {
  readonly kind: 'synthApp';
  readonly fn: string;
  readonly args: readonly Term[];
}

export function selector(T: TermStore, f: string, pos: string, nt: string, alt: number): Term {
  return T.keyed.sym(
    `synth:${f}:s:${pos}:${nt}:${alt}`,
    { kind: 'bool' },
    `${f}.s[${pos || 'root'}:${nt}:${alt}]`,
    `selector of ${f}`,
  );
}

export function constant(T: TermStore, f: string, pos: string, nt: string, alt: number, j: number, type: Type): Term {
  return T.keyed.sym(
    `synth:${f}:c:${pos}:${nt}:${alt}:${j}`,
    sortOfType(type),
    `${f}.c[${pos || 'root'}:${nt}:${alt}:${j}]`,
    `constant of ${f}`,
  );
}

/** Whether alternative `a` of `nt` may be chosen at `level` (only leaves at the last level). */
export function allowed(g: GrammarShape, nt: string, a: number, level: number): boolean {
  return level < g.decl.depth && (level < g.decl.depth - 1 || g.alts.get(nt)![a].childNames.length === 0);
}

/** The application f(args) as a term, with its encoding recorded as facts. */
export function synthApplication(
  T: TermStore,
  decl: SynthDecl,
  types: ReadonlyMap<Expr, Type>,
  args: readonly Term[],
  shown: string,
): Term {
  const info: SynthAppInfo = { kind: 'synthApp', fn: decl.name, args };
  const key = args.map((a) => a.id).join(',');
  const app = T.keyed.sym(
    `synth:${decl.name}:app:${key}`,
    sortOfType(decl.result),
    `${decl.name}(${shown})`,
    `application of synth function ${decl.name}`,
    info,
  );
  if (T.keyed.hasFacts(app)) return app;
  const g = shapeOf(decl);
  T.keyed.addFact(app, T.trueTerm);
  const out = (pos: string, nt: string): Term =>
    pos === '' && nt === g.start
      ? app
      : T.keyed.sym(
          `synth:${decl.name}:o:${key}:${pos}:${nt}`,
          sortOfType(g.rules.get(nt)!.type),
          `${decl.name}.out[${pos}:${nt}]`,
          `node value of ${decl.name}(${shown})`,
        );
  const work: { pos: string; level: number; nt: string }[] = [{ pos: '', level: 0, nt: g.start }];
  const seen = new Set<string>();
  while (work.length > 0) {
    const { pos, level, nt } = work.pop()!;
    if (seen.has(`${pos}:${nt}`)) continue;
    seen.add(`${pos}:${nt}`);
    g.alts.get(nt)!.forEach((alt, a) => {
      if (!allowed(g, nt, a, level)) return;
      const value = altTerm(T, alt, types, {
        param: (name) => args[decl.params.findIndex((p) => p.name === name)],
        child: (c) => out(childPos(pos, c), alt.childNames[c]),
        constant: (j, type) => constant(T, decl.name, pos, nt, a, j, type),
      });
      T.keyed.addFact(app, T.implies(selector(T, decl.name, pos, nt, a), T.eq(out(pos, nt), value)));
      alt.childNames.forEach((child, c) => work.push({ pos: childPos(pos, c), level: level + 1, nt: child }));
    });
  }
  addGrammarFact(T, g);
  return app;
}

/** The choice constraints of the whole selector tree, once per function, on the root selector. */
function addGrammarFact(T: TermStore, g: GrammarShape): void {
  const f = g.decl.name;
  const root = selector(T, f, '', g.start, firstAllowed(g, g.start, 0));
  if (T.keyed.hasFacts(root)) return;
  const facts: Term[] = [];
  for (const { pos, level } of positions(g.k, g.decl.depth)) {
    for (const nt of g.rules.keys()) {
      const sels = g.alts
        .get(nt)!
        .map((_, a) => a)
        .filter((a) => allowed(g, nt, a, level))
        .map((a) => selector(T, f, pos, nt, a));
      const need = needOf(T, g, pos, nt);
      facts.push(T.implies(need, T.or(...sels)));
      for (let i = 0; i < sels.length; i++) {
        facts.push(T.implies(sels[i], need));
        for (let j = i + 1; j < sels.length; j++) facts.push(T.not(T.and(sels[i], sels[j])));
      }
    }
  }
  T.keyed.addFact(root, T.and(...facts));
}

function firstAllowed(g: GrammarShape, nt: string, level: number): number {
  const a = g.alts.get(nt)!.findIndex((_, i) => allowed(g, nt, i, level));
  return a < 0 ? 0 : a;
}

/** need[pos, N]: the root needs the start symbol; a child is needed by a parent alternative whose child there is N. */
function needOf(T: TermStore, g: GrammarShape, pos: string, nt: string): Term {
  if (pos === '') return T.bool(nt === g.start);
  const cut = pos.lastIndexOf('.');
  const parent = cut < 0 ? '' : pos.slice(0, cut);
  const c = Number(pos.slice(cut + 1));
  const level = parent === '' ? 0 : parent.split('.').length;
  const ways: Term[] = [];
  for (const [m, alts] of g.alts) {
    alts.forEach((alt, a) => {
      if (alt.childNames[c] === nt && allowed(g, m, a, level)) ways.push(selector(T, g.decl.name, parent, m, a));
    });
  }
  return T.or(...ways);
}

/** The selectors at tree levels ≥ k all false: the function has depth ≤ k (iterative deepening). */
export function depthLimit(T: TermStore, decl: SynthDecl, k: number): Term {
  const g = shapeOf(decl);
  const off: Term[] = [];
  for (const { pos, level } of positions(g.k, decl.depth)) {
    if (level < k) continue;
    for (const nt of g.rules.keys()) {
      g.alts.get(nt)!.forEach((_, a) => {
        if (allowed(g, nt, a, level)) off.push(T.not(selector(T, decl.name, pos, nt, a)));
      });
    }
  }
  return T.and(...off);
}

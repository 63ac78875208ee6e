// The shape of a synth grammar that the selector encoding needs (docs/design.md C.11): for every
// alternative, its nonterminal occurrences (the k-th is the node's k-th child) and its
// `const` occurrences, in source order; K, the largest number of children; and whether an
// alternative is a leaf (no nonterminals), the only kind allowed at the last level.

import type { Expr, SynthDecl, SynthRule } from '../../lang/ast';
import { altNodes, nonterminalRefs } from '../../lang/checkSynth';

export interface AltShape {
  readonly expr: Expr;
  /** The nonterminal VarRef nodes, left to right: node identity → child index. */
  readonly children: ReadonlyMap<Expr, number>;
  readonly childNames: readonly string[];
  /** The `const` VarRef nodes, left to right: node identity → constant index. */
  readonly consts: ReadonlyMap<Expr, number>;
}

export interface GrammarShape {
  readonly decl: SynthDecl;
  readonly rules: ReadonlyMap<string, SynthRule>;
  readonly alts: ReadonlyMap<string, readonly AltShape[]>;
  readonly start: string;
  /** Largest number of nonterminal occurrences in one alternative (≥ 1). */
  readonly k: number;
}

const shapes = new WeakMap<SynthDecl, GrammarShape>();

/** Computed once per declaration (the AST is immutable, so the cache never goes stale). */
export function shapeOf(decl: SynthDecl): GrammarShape {
  let s = shapes.get(decl);
  if (!s) {
    s = computeShape(decl);
    shapes.set(decl, s);
  }
  return s;
}

function computeShape(decl: SynthDecl): GrammarShape {
  const names = new Set(decl.rules.map((r) => r.name));
  const alts = new Map<string, AltShape[]>();
  let k = 1;
  for (const r of decl.rules) {
    alts.set(
      r.name,
      r.alts.map((expr) => {
        const refs = altNodes(expr, (e) => e.kind === 'var' && names.has(e.name));
        k = Math.max(k, refs.length);
        return {
          expr,
          children: new Map(refs.map((e, i) => [e, i])),
          childNames: nonterminalRefs(expr, names),
          consts: new Map(altNodes(expr, (e) => e.kind === 'var' && e.name === 'const').map((e, i) => [e, i])),
        };
      }),
    );
  }
  return { decl, rules: new Map(decl.rules.map((r) => [r.name, r])), alts, start: decl.rules[0].name, k };
}

/** Tree positions of a depth-d tree: dotted child paths, root '' at level 0. */
export function positions(k: number, depth: number): { pos: string; level: number }[] {
  const out: { pos: string; level: number }[] = [{ pos: '', level: 0 }];
  for (let i = 0; i < out.length; i++) {
    const p = out[i];
    if (p.level + 1 >= depth) continue;
    for (let c = 0; c < k; c++) out.push({ pos: p.pos === '' ? `${c}` : `${p.pos}.${c}`, level: p.level + 1 });
  }
  return out;
}

export function childPos(pos: string, c: number): string {
  return pos === '' ? `${c}` : `${pos}.${c}`;
}

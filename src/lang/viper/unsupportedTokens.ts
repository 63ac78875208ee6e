// Silver constructs outside symdap's subset that a single token (or a token pair) identifies.
// They are found before parsing so that a file using them is refused by name at the construct,
// whatever else it contains (the grammar does not need every form of a domain or a quantifier
// to refuse it). One diagnostic per construct kind, at its first occurrence.
// Also here: `decreases` clauses, which Viper checks only with its termination plugin and
// symdap accepts and ignores, are cut out of the token stream.

import type { Span } from '../span';
import { vTokenSpan, type VToken } from './lexer';
import { opaqueCollFeature } from './opaqueColl';

export interface Refusal {
  readonly feature: string;
  readonly span: Span;
}

const BY_WORD: Readonly<Record<string, string>> = {
  interpretation: 'domain interpretations (interpretation)',
  epsilon: 'permission amount epsilon',
  packaging: 'magic wands (packaging)',
  applying: 'magic wands (applying)',
  wand: 'magic wands (wand)',
  lhs: 'magic wands (lhs)',
  folding: 'folding … in',
  derives: 'ADT derives clauses (derives)',
  fresh: 'fresh',
  constraining: 'constraining blocks',
  outpost: 'outpost',
  unfolding_perm: 'permission amount',
  triggers: 'quantifier triggers',
  low: 'information flow (low, SIF plugin)',
  lowEvent: 'information flow (lowEvent, SIF plugin)',
};

const BY_OP: Readonly<Record<string, string>> = {
  '@': 'annotations (@…)',
  '#': 'annotations (#…)',
};

/** The refusals a token stream calls for, one per feature, in source order. */
export function unsupportedTokens(tokens: readonly VToken[]): Refusal[] {
  const seen = new Map<string, Refusal>();
  tokens.forEach((t, i) => {
    const feature = opaqueCollFeature(tokens, i) ?? featureOf(t) ?? sequenceFeature(tokens, i);
    if (feature !== undefined && !seen.has(feature)) seen.set(feature, { feature, span: vTokenSpan(t) });
  });
  return [...seen.values()];
}

function featureOf(t: VToken): string | undefined {
  if (t.type === 'ident') return Object.prototype.hasOwnProperty.call(BY_WORD, t.text) ? BY_WORD[t.text] : undefined;
  if (t.type !== 'op') return undefined;
  // `[`: `Seq[Int]`, `s[i]`, `[a..b)` (lowerColl.ts), `old[l]` (lowerLabel.ts), `[A, B]`
  // (lowerInhaleExhale.ts) are all read; a Map's or Multiset's own word is refused already.
  if (t.text === '[') return undefined;
  return Object.prototype.hasOwnProperty.call(BY_OP, t.text) ? BY_OP[t.text] : undefined;
}

/** Constructs a short token sequence identifies: `var a: T, b: T`. */
function sequenceFeature(tokens: readonly VToken[], i: number): string | undefined {
  const t = tokens[i];
  if (t.text === ',' && tokens[i - 2]?.text === ':' && tokens[i - 4]?.text === 'var')
    return 'several variables in one var declaration (var a: T, b: T)';
  return undefined;
}

const DECREASES_ENDS = new Set([
  'requires',
  'ensures',
  'invariant',
  'decreases',
  '{',
  'field',
  'method',
  'function',
  'predicate',
  'define',
  'domain',
]);

/** The tokens without `decreases …` clauses (accepted and ignored, as Viper does without its termination plugin). */
export function withoutDecreases(tokens: readonly VToken[]): VToken[] {
  const out: VToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].text !== 'decreases' || tokens[i].type !== 'keyword') {
      out.push(tokens[i]);
      continue;
    }
    let depth = 0;
    let j = i + 1;
    for (; j < tokens.length; j++) {
      const t = tokens[j].text;
      if (depth === 0 && DECREASES_ENDS.has(t)) break;
      if (t === '(') depth++;
      if (t === ')') depth--;
    }
    i = j - 1;
  }
  return out;
}

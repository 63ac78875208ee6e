// Silver's annotations `@name("v", …)` (a dotted name, string arguments) before a declaration, a
// statement or an expression: cut out of the tokens before parsing. Viper's backends read a few
// as per-member options that change only how hard Silicon searches (exhaleMode,
// moreJoins, stateConsolidationMode, proverConfigArgs) and ignore every other name
// (all/annotation/annotationSuccess.vpr verifies with @isghost, @inline, @asd…): symdap ignores
// them too, since what it verifies does not depend on a search strategy. Two change what a
// program means and are refused by name: `@opaque()` hides a function's body, `@reveal()`
// shows it at one application.

import type { Refusal } from './unsupportedTokens';
import { vTokenSpan, type VToken } from './lexer';

const MEANINGFUL: Readonly<Record<string, string>> = {
  opaque: 'opaque functions (@opaque)',
  reveal: 'opaque functions (@reveal)',
};

export interface CutAnnotations {
  readonly tokens: readonly VToken[];
  readonly refusals: readonly Refusal[];
}

/** The tokens without annotations; a meaningful one's refusal at its `@`. A malformed `@` stays (refused later). */
export function cutAnnotations(tokens: readonly VToken[]): CutAnnotations {
  const kept: VToken[] = [];
  const refusals: Refusal[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const end = tokens[i].text === '@' ? annotationEnd(tokens, i) : undefined;
    if (end === undefined) {
      kept.push(tokens[i]);
      continue;
    }
    const name = tokens[i + 1].text;
    const first = !refusals.some((r) => r.feature === MEANINGFUL[name]);
    if (Object.prototype.hasOwnProperty.call(MEANINGFUL, name) && first)
      refusals.push({ feature: MEANINGFUL[name], span: vTokenSpan(tokens[i]) });
    i = end;
  }
  return { tokens: kept, refusals };
}

/** The index of the `)` that ends the annotation at `at` (`@`), or undefined when it is not one. */
function annotationEnd(tokens: readonly VToken[], at: number): number | undefined {
  let i = at + 1;
  if (tokens[i]?.type !== 'ident' && tokens[i]?.type !== 'keyword') return undefined;
  while (tokens[i + 1]?.text === '.' && tokens[i + 2] !== undefined && /^[A-Za-z$_]/.test(tokens[i + 2].text)) i += 2;
  if (tokens[++i]?.text !== '(') return undefined;
  if (tokens[i + 1]?.text === ')') return i + 1;
  for (i++; tokens[i]?.type === 'string'; i += 2) {
    if (tokens[i + 1]?.text === ')') return i + 1;
    if (tokens[i + 1]?.text !== ',') return undefined;
  }
  return undefined;
}

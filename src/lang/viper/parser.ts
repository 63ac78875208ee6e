// The Silver parser: lexes, refuses the constructs a token names (unsupportedTokens.ts), cuts
// `decreases` clauses, and runs the nearley grammar. It never throws: a failure of its own becomes
// an 'internal error' diagnostic. Of several parses (the grammar should have one) the first is kept.

import nearley from 'nearley';
import compiled from './grammar.generated';
import type { Span } from '../span';
import { stripBom } from '../bom';
import type { VDecl, VProgram } from './ast';
import { isVTokenType, vtokenize, vTokenSpan, type VToken } from './lexer';
import { TokenStream } from '../tokenStream';
import { unsupportedTokens, withoutDecreases, type Refusal } from './unsupportedTokens';
import { cutImports, type VImport } from './imports';
import { cutAnnotations } from './annotations';

export interface VParseResult {
  readonly program?: VProgram;
  /** Syntax errors (at most one). */
  readonly errors: readonly { span: Span; message: string }[];
  /** Constructs outside the subset, one per kind. */
  readonly refusals: readonly Refusal[];
  /** The file's imports, cut out before parsing (imports.ts). */
  readonly imports?: readonly VImport[];
}

const GRAMMAR = nearley.Grammar.fromCompiled(compiled as nearley.CompiledRules);

export function parseViper(text: string): VParseResult {
  try {
    return parseTokens(stripBom(text));
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      errors: [{ span: { line: 1, col: 1, endLine: 1, endCol: 1 }, message: `internal error: ${why}` }],
      refusals: [],
    };
  }
}

function parseTokens(source: string): VParseResult {
  const lexed = vtokenize(source);
  if (lexed.error) return { errors: [lexed.error], refusals: [] };
  const cut = cutImports(lexed.tokens, source);
  if (cut.error) return { errors: [cut.error], refusals: [] };
  const { imports } = cut;
  const annotated = cutAnnotations(cut.tokens);
  const refusals = [...annotated.refusals, ...unsupportedTokens(annotated.tokens)];
  if (refusals.length > 0) return { errors: [], refusals, imports };
  const tokens = withoutDecreases(annotated.tokens);
  if (tokens.length === 0) return { program: { decls: [] }, errors: [], refusals: [], imports };
  const parser = new nearley.Parser(GRAMMAR, {
    lexer: new TokenStream(tokens, isVTokenType) as unknown as nearley.Lexer,
  });
  try {
    parser.feed(source);
  } catch (e) {
    const token = (e as { token?: VToken }).token;
    if (token === undefined) throw e;
    return { errors: [{ span: vTokenSpan(token), message: `unexpected '${token.text}'` }], refusals: [] };
  }
  if (parser.results.length === 0) {
    const last = tokens[tokens.length - 1];
    const span = vTokenSpan(last);
    return {
      errors: [
        {
          span: { line: span.endLine, col: span.endCol, endLine: span.endLine, endCol: span.endCol },
          message: 'unexpected end of file',
        },
      ],
      refusals: [],
    };
  }
  return { program: { decls: fewestBareNames(parser.results as VDecl[][]) }, errors: [], refusals: [], imports };
}

/** Of several parses, the one with the fewest bare-name statements: `id(x).g := 1` also reads as
 *  the macro statement `id` followed by `(x).g := 1`, since statements need no separator. */
function fewestBareNames(results: readonly VDecl[][]): VDecl[] {
  if (results.length === 1) return results[0];
  const count = (x: unknown): number => {
    if (Array.isArray(x)) return x.reduce((n: number, y) => n + count(y), 0);
    if (x === null || typeof x !== 'object') return 0;
    const own = (x as { bare?: unknown }).bare === true ? 1 : 0;
    return own + Object.values(x).reduce((n: number, y) => n + count(y), 0);
  };
  return results.reduce((best, r) => (count(r) < count(best) ? r : best));
}

// One document's analysis: the front end's result (the diagnostics `symdap check` gives, Sym's
// or Viper's by the file's extension; for Sym the parse reuses the unchanged declarations of the previous version, declParse.ts) plus
// the symbol index of the last version that checked. Plain immutable data: the server keeps
// one per open document and replaces it on every change.

import { checkParsed, loadSource, type LoadResult } from '../lang/frontend';
import { languageOf } from '../lang/language';
import { stripBom } from '../lang/bom';
import type { CheckedProgram } from '../lang/checked';
import type { Diagnostic } from '../lang/diagnostics';
import type { Span } from '../lang/span';
import { buildIndex, type SymbolIndex } from './symbolIndex';
import { EMPTY_DECL_CACHE, parseWithCache, type DeclCache } from './declParse';

export { EMPTY_DECL_CACHE };

export interface Analysis {
  readonly version: number;
  readonly diagnostics: readonly Diagnostic[];
  /** The checked program of this version, or of the last version that checked (see `stale`). */
  readonly checked?: CheckedProgram;
  readonly index?: SymbolIndex;
  /** True when checked/index come from an earlier version (this one has errors). */
  readonly stale: boolean;
  /** The syntax trees of this version's declarations, for the next version's parse. */
  readonly decls: DeclCache;
}

export function analyze(text: string, file: string, version: number, previous?: Analysis): Analysis {
  // A .vpr document goes through the Viper front end whole (the declaration cache is Sym's parse).
  if (languageOf(file) === 'viper')
    return settle(
      loadSource(stripBom(text), file, 'viper', { readImports: false }),
      version,
      previous,
      EMPTY_DECL_CACHE,
    );
  const { parsed, cache: decls } = parseWithCache(text, file, previous?.decls ?? EMPTY_DECL_CACHE);
  return settle(checkParsed(parsed, file, stripBom(text)), version, previous, decls);
}

function settle(loaded: LoadResult, version: number, previous: Analysis | undefined, decls: DeclCache): Analysis {
  const { checked, diagnostics } = loaded;
  if (checked) return { version, diagnostics, checked, index: buildIndex(checked), stale: false, decls };
  // While the user types, the text is often briefly broken: navigation keeps the last good index.
  return {
    version,
    diagnostics,
    checked: previous?.checked,
    index: previous?.index,
    stale: previous?.checked !== undefined,
    decls,
  };
}

/** LSP positions are 0-based; spans are 1-based with an exclusive end column. */
export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export function spanToRange(span: Span): LspRange {
  const line = Math.max(0, span.line - 1);
  const character = Math.max(0, span.col - 1);
  const endLine = Math.max(line, span.endLine - 1);
  const endCharacter = endLine === line ? Math.max(character, span.endCol - 1) : Math.max(0, span.endCol - 1);
  return { start: { line, character }, end: { line: endLine, character: endCharacter } };
}

// The front end in one call: source text in, a checked program or the
// diagnostics that explain why there is none. Everything downstream starts here.

import type { CheckedProgram } from './checked';
import { check } from './checker';
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics';
import { stripBom } from './bom';
import { parse, type ParseResult } from './parser';
import { loadViper } from './viper/frontend';
import { languageOf, type SourceLanguage } from './language';

export interface LoadResult {
  checked?: CheckedProgram;
  diagnostics: Diagnostic[];
}

/** Parses then checks (Sym, or Viper for a `.vpr` file or `lang` 'viper'); the checker runs only on a program that parsed without errors. */
export function loadSource(text: string, file: string, lang: SourceLanguage = languageOf(file)): LoadResult {
  if (lang === 'viper') return loadViper(text, file);
  // The checked program keeps the text without a byte order mark, as its positions count it.
  const source = stripBom(text);
  return checkParsed(parse(source, file), file, source);
}

/** The second half of loadSource, for a caller that parsed `source` its own way (the language server). */
export function checkParsed(parsed: ParseResult, file: string, source: string): LoadResult {
  if (!parsed.program || hasErrors(parsed.diagnostics)) {
    return { diagnostics: sortDiagnostics(parsed.diagnostics) };
  }
  const result = check(parsed.program, file, source);
  return { checked: result.checked, diagnostics: sortDiagnostics([...parsed.diagnostics, ...result.diagnostics]) };
}

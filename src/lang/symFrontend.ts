// The Sym front end alone: source text in, a checked program or the diagnostics that explain
// why there is none. frontend.ts adds Viper on top; a command that reads only Sym (`symdap
// check x.sym`) loads this one and never pays for loading the Viper front end (start-up).

import type { CheckedProgram } from './checked';
import { check } from './checker';
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics';
import { stripBom } from './bom';
import { parse, type ParseResult } from './parser';

export interface LoadResult {
  checked?: CheckedProgram;
  diagnostics: Diagnostic[];
}

/** Parses then checks a Sym program; the checker runs only on a program that parsed without errors. */
export function loadSym(text: string, file: string): LoadResult {
  // The checked program keeps the text without a byte order mark, as its positions count it.
  const source = stripBom(text);
  return checkParsed(parse(source, file), file, source);
}

/** The second half of loadSym, for a caller that parsed `source` its own way (the language server). */
export function checkParsed(parsed: ParseResult, file: string, source: string): LoadResult {
  if (!parsed.program || hasErrors(parsed.diagnostics)) {
    return { diagnostics: sortDiagnostics(parsed.diagnostics) };
  }
  const result = check(parsed.program, file, source);
  return { checked: result.checked, diagnostics: sortDiagnostics([...parsed.diagnostics, ...result.diagnostics]) };
}

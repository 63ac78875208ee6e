// The front end in one call: source text in, a checked program or the
// diagnostics that explain why there is none. Everything downstream starts here.

import type { CheckedProgram } from './checked';
import { check } from './checker';
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics';
import { stripBom } from './bom';
import { parse } from './parser';

export interface LoadResult {
  checked?: CheckedProgram;
  diagnostics: Diagnostic[];
}

/** Parses then checks; the checker runs only on a program that parsed without errors. */
export function loadSource(text: string, file: string): LoadResult {
  // The checked program keeps the text without a byte order mark, as its positions count it.
  const source = stripBom(text);
  const parsed = parse(source, file);
  if (!parsed.program || hasErrors(parsed.diagnostics)) {
    return { diagnostics: sortDiagnostics(parsed.diagnostics) };
  }
  const result = check(parsed.program, file, source);
  return { checked: result.checked, diagnostics: sortDiagnostics([...parsed.diagnostics, ...result.diagnostics]) };
}


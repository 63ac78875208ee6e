// Where the CLI writes: the real process streams, or buffers in tests; and the one way
// commands load a file and print its diagnostics.

import type { SourceLanguage } from '../lang/language';
import { loadSourceLazily } from '../lang/loadLazily';
import { error, formatDiagnostic, formatWithExcerpt, type Diagnostic } from '../lang/diagnostics';
import type { LoadResult } from '../lang/symFrontend';
import { readProgramFileSync } from '../lang/sourceFile';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (diagnostics then get a caret excerpt). */
  readonly errIsTTY: boolean;
}

/** Diagnostics to stderr, one per line, with a caret excerpt when stderr is a terminal (and
 *  the diagnostic is in `source`, not in a file a Viper program imports: Span.file). */
export function printDiagnostics(io: CliIO, diagnostics: readonly Diagnostic[], source?: string): void {
  for (const d of diagnostics) {
    const excerpt = io.errIsTTY && source !== undefined && d.span.file === undefined;
    io.err((excerpt ? formatWithExcerpt(d, source) : formatDiagnostic(d)) + '\n');
  }
}

/** Reads (regular files up to the size cap only), parses and checks a file for a command, printing its diagnostics. */
export async function loadForCommand(file: string, io: CliIO, lang?: SourceLanguage): Promise<LoadResult> {
  const read = readProgramFileSync(file);
  const source = 'source' in read ? read.source : undefined;
  const result =
    source !== undefined
      ? await loadSourceLazily(source, file, lang)
      : { diagnostics: [error(file, { line: 1, col: 1, endLine: 1, endCol: 1 }, 'error' in read ? read.error : '')] };
  printDiagnostics(io, result.diagnostics, source);
  return result;
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    // Read when a diagnostic is printed: process.stderr is built on first use, and a clean run never needs it.
    get errIsTTY() {
      return Boolean(process.stderr.isTTY);
    },
  };
}

export function bufferIO(): CliIO & { stdout: () => string; stderr: () => string } {
  let o = '';
  let e = '';
  return {
    out: (t) => {
      o += t;
    },
    err: (t) => {
      e += t;
    },
    errIsTTY: false,
    stdout: () => o,
    stderr: () => e,
  };
}

// A Viper program and everything it imports, parsed: the loaded file, then each file its imports
// name (transitively, each file once, so import cycles are fine), as one list of declarations,
// as Viper merges them. The spans of an imported file carry its name (Span.file), so an error,
// a refusal or a failure inside it is reported at its own file:line:col.
// Files are read as every program file is (src/lang/sourceFile.ts, docs/security.md): links
// resolved, regular `.vpr` files only, 8 MiB each. A standard import `<lib/f.vpr>` is looked up
// under the directories of SYMDAP_VIPER_PATH (Viper finds them on its class path); `<decreases/…>`,
// Viper's termination library, declares only what `decreases` clauses use, and symdap ignores
// those clauses (unsupportedTokens.ts, withoutDecreases), so it imports nothing.

import { realpathSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { readSourceFileSync, MAX_SOURCE_BYTES } from '../sourceFile';
import type { Span } from '../span';
import type { VDecl, VProgram } from './ast';
import { parseViper } from './parser';
import { inFile, type VImport } from './imports';

export interface FileProblem {
  readonly file: string;
  readonly span: Span;
  readonly message: string;
  readonly refusal: boolean;
}

export interface LoadedFiles {
  readonly program?: VProgram;
  readonly problems: readonly FileProblem[];
}

interface Pending {
  /** The name shown for the file (as the user named it, or joined from the importing file's). */
  readonly file: string;
  readonly text: string;
  readonly imported: boolean;
}

const NO_IMPORTS = 'imports here (the language server and the debugger read one file; symdap verify reads imports)';

/** Folders of Viper's own standard library besides decreases/ (silver's src/main/resources/import). */
const VIPER_LIBRARY = new Set(['adt']);

/** The environment variable naming the directories of standard imports (`import <…>`). */
export const VIPER_PATH_VARIABLE = 'SYMDAP_VIPER_PATH';

export function loadFiles(source: string, file: string, readImports: boolean): LoadedFiles {
  const queue: Pending[] = [{ file, text: source, imported: false }];
  const seen = new Set([realName(file)]);
  const decls: VDecl[] = [];
  const problems: FileProblem[] = [];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const found = readOne(next, seen, problems, readImports);
    decls.push(...found.decls);
    queue.push(...found.imported);
  }
  return problems.length > 0 ? { problems } : { program: { decls }, problems };
}

/** One file's declarations (its spans in it when imported), and the files it imports not read yet. */
function readOne(
  f: Pending,
  seen: Set<string>,
  problems: FileProblem[],
  readImports: boolean,
): { decls: readonly VDecl[]; imported: Pending[] } {
  const parsed = parseViper(f.text);
  const at = <T>(x: T): T => (f.imported ? inFile(x, f.file) : x);
  const problem = (span: Span, message: string, isRefusal = false): void => {
    problems.push({ file: f.file, span: at(span), message, refusal: isRefusal });
  };
  for (const e of parsed.errors) problem(e.span, e.message);
  for (const r of parsed.refusals) problem(r.span, r.feature, true);
  const imported: Pending[] = [];
  for (const imp of parsed.imports ?? []) {
    if (!readImports) {
      problem(imp.span, NO_IMPORTS, true);
      break;
    }
    const where = locate(imp, f.file);
    if (where === 'nothing') continue;
    if ('error' in where || 'refused' in where) {
      if ('error' in where) problem(imp.span, where.error);
      else problem(imp.span, where.refused, true);
      continue;
    }
    const key = realName(where.path);
    if (seen.has(key)) continue;
    seen.add(key);
    const read = readSourceFileSync(where.path, MAX_SOURCE_BYTES, ['.vpr']);
    if ('error' in read) problem(imp.span, `${quoted(imp)}: ${read.error}`);
    else imported.push({ file: where.path, text: read.source, imported: true });
  }
  return { decls: parsed.program ? at(parsed.program.decls) : [], imported };
}

const quoted = (imp: VImport): string => (imp.standard ? `import <${imp.path}>` : `import "${imp.path}"`);

/** Where an import leads: a path to read, nothing to read (the termination library), or why not. */
function locate(imp: VImport, from: string): { path: string } | { error: string } | { refused: string } | 'nothing' {
  if (!imp.path.endsWith('.vpr')) return { error: `${quoted(imp)}: an imported file must be a .vpr file` };
  if (!imp.standard) return { path: isAbsolute(imp.path) ? imp.path : join(dirname(from), imp.path) };
  if (imp.path.startsWith('decreases/')) return 'nothing';
  const dirs = (process.env[VIPER_PATH_VARIABLE] ?? '').split(delimiter).filter((d) => d !== '');
  const path = dirs.map((d) => join(d, imp.path)).find(exists);
  if (path !== undefined) return { path };
  // Viper's own library (adt/derives.vpr, …) is not shipped with symdap: a construct it cannot read, by name.
  const lib = imp.path.split('/')[0];
  return VIPER_LIBRARY.has(lib)
    ? { refused: `Viper's standard library (import <${lib}/…>)` }
    : { error: `${quoted(imp)}: no such file in the standard library (the directories of ${VIPER_PATH_VARIABLE})` };
}

function exists(path: string): boolean {
  try {
    realpathSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The file with every link resolved, so that one file imported by two names is read once. */
function realName(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

// Viper's `import "file.vpr"` (relative to the importing file) and `import <lib/file.vpr>` (a
// standard import, from Viper's library): cut out of a file's tokens before parsing, so that the
// grammar never sees them; the front end (loadFiles.ts) reads what they name. Silver's grammar
// allows them only at the top level; a cut import is one everywhere, as `import` is no other word.

import type { Span } from '../span';
import { vTokenSpan, type VToken } from './lexer';

export interface VImport {
  /** The path as written, between the quotes or the angle brackets. */
  readonly path: string;
  /** `<…>`: from the standard library, not relative to the file. */
  readonly standard: boolean;
  readonly span: Span;
}

export interface CutImports {
  readonly tokens: readonly VToken[];
  readonly imports: readonly VImport[];
  readonly error?: { readonly span: Span; readonly message: string };
}

/** The tokens without their imports, and the imports in source order. */
export function cutImports(tokens: readonly VToken[], source: string): CutImports {
  const kept: VToken[] = [];
  const imports: VImport[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type !== 'ident' || t.text !== 'import') {
      kept.push(t);
      continue;
    }
    const next = tokens[i + 1];
    if (next?.type === 'string') {
      imports.push({ path: next.text.slice(1, -1), standard: false, span: spanOf(t, next) });
      i++;
      continue;
    }
    const close = next?.text === '<' ? tokens.findIndex((u, j) => j > i + 1 && u.text === '>') : -1;
    if (close < 0) return { tokens: kept, imports, error: { span: vTokenSpan(next ?? t), message: badImport } };
    const path = source.slice(next.offset + 1, tokens[close].offset).trim();
    imports.push({ path, standard: true, span: spanOf(t, tokens[close]) });
    i = close;
  }
  return { tokens: kept, imports };
}

const badImport = 'an import names a file: import "file.vpr" or import <library/file.vpr>';

function spanOf(first: VToken, last: VToken): Span {
  const end = vTokenSpan(last);
  return { line: first.line, col: first.col, endLine: end.endLine, endCol: end.endCol };
}

/** `value` with `file` on every span in it: the AST of an imported file, which spans then point into. */
export function inFile<T>(value: T, file: string): T {
  if (Array.isArray(value)) return value.map((v: unknown) => inFile(v, file)) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => [k, inFile(v, file)] as const);
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  return (isSpan(value) ? { ...copy, file } : copy) as T;
}

function isSpan(x: object): boolean {
  const s = x as Partial<Span>;
  return typeof s.line === 'number' && typeof s.col === 'number' && typeof s.endLine === 'number';
}

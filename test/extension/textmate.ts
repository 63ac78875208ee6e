// vscode-textmate for the grammar tests (grammar.test.ts for Sym, viperGrammar.test.ts for
// Viper): loads one of the extension's grammars and gives the scopes of every character.
// The tools live in extension/node_modules: `npm ci --prefix extension` first.

import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const extensionDir = path.resolve(__dirname, '../../extension');
const requireExt = createRequire(path.join(extensionDir, 'package.json'));

// The few parts of vscode-textmate's API used here (it is loaded from extension/node_modules).
interface TmToken {
  readonly startIndex: number;
  readonly endIndex: number;
  readonly scopes: string[];
}
export interface TmGrammar {
  tokenizeLine(line: string, state: unknown): { tokens: TmToken[]; ruleStack: unknown };
}

/** The grammar of extension/`file` under its scope name `scope`. */
export async function loadGrammar(file: string, scope: string): Promise<TmGrammar> {
  const grammarPath = path.join(extensionDir, file);
  const onig = requireExt('vscode-oniguruma');
  const tm = requireExt('vscode-textmate');
  const wasm = fs.readFileSync(requireExt.resolve('vscode-oniguruma/release/onig.wasm'));
  await onig.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new tm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new onig.OnigScanner(patterns),
      createOnigString: (s: string) => new onig.OnigString(s),
    }),
    loadGrammar: async (s: string) =>
      s === scope ? tm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath) : null,
  });
  return (await registry.loadGrammar(scope)) as TmGrammar;
}

/** The innermost-last scopes of every character, per line (index = column - 1). */
export function scopesByChar(grammar: TmGrammar, source: string): string[][][] {
  let state: unknown = requireExt('vscode-textmate').INITIAL;
  return source.split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    const chars: string[][] = [];
    for (const t of result.tokens)
      for (let i = t.startIndex; i < Math.min(t.endIndex, line.length); i++) chars[i] = t.scopes;
    return chars;
  });
}

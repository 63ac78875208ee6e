// Code lenses above each procedure: "Debug symbolically" and "Verify". The commands are
// the client's (symdap.debugProcedure with the file's URI and the procedure's name;
// symdap.verifyFile with the URI); the server only places them.

import type { CodeLens } from 'vscode-languageserver';
import { spanToRange } from './analysis';
import type { SymbolIndex } from './symbolIndex';

export const DEBUG_COMMAND = 'symdap.debugProcedure';
export const VERIFY_COMMAND = 'symdap.verifyFile';

export function codeLenses(index: SymbolIndex | undefined, uri: string, stale: boolean): CodeLens[] {
  if (!index || stale) return [];
  return index.defs
    .filter((d) => d.kind === 'procedure')
    .flatMap((d) => {
      const range = spanToRange(d.nameSpan);
      return [
        { range, command: { title: 'Debug symbolically', command: DEBUG_COMMAND, arguments: [uri, d.name] } },
        { range, command: { title: 'Verify', command: VERIFY_COMMAND, arguments: [uri] } },
      ];
    });
}

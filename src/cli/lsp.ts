// `symdap lsp [--stdio]`: the Sym language server on stdin/stdout (LSP). `--stdio` is
// accepted because clients such as vscode-languageclient pass it.

import type { CliIO } from './io';

const USAGE = 'usage: symdap lsp [--stdio]\n';

export async function runLsp(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const bad = args.find((a) => a !== '--stdio');
  if (bad !== undefined) {
    io.err(`symdap lsp: unknown option '${bad}'\n${USAGE}`);
    return 2;
  }
  return (await import('../lsp/serverMain')).serveStdio();
}

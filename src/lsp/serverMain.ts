// The language server over stdio: `symdap lsp` and the VS Code extension's bundled server
// both start here. The server ends when its client closes stdin (or sends exit).

import { createConnection } from 'vscode-languageserver/node';
import { startServer } from './server';

export function serveStdio(): Promise<number> {
  const connection = createConnection(process.stdin, process.stdout);
  const stop = startServer(connection);
  return new Promise((resolve) => {
    connection.onExit(() => {
      stop();
      resolve(0);
    });
    process.stdin.once('close', () => {
      stop();
      resolve(0);
    });
  });
}

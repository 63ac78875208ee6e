// Starts the Sym language server (the bundled `symdap lsp`, dist/lspServer.js) for .sym files
// unless `symdap.languageServer.enabled` is false, and serves the commands of its code lenses.

import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

/** The server sends plain JSON arguments; the commands want a Uri. */
function debugProcedure(uri: string, entry: string): Thenable<boolean> {
  const file = vscode.Uri.parse(uri);
  return vscode.debug.startDebugging(vscode.workspace.getWorkspaceFolder(file), {
    type: 'symdap',
    request: 'launch',
    name: `Debug ${entry} symbolically`,
    program: file.fsPath,
    entry,
    stopOnEntry: true,
  });
}

/** The started client, or undefined when `symdap.languageServer.enabled` is false. */
export function startLanguageClient(context: vscode.ExtensionContext): LanguageClient | undefined {
  context.subscriptions.push(vscode.commands.registerCommand('symdap.debugProcedure', debugProcedure));
  const settings = vscode.workspace.getConfiguration('symdap');
  if (!settings.get<boolean>('languageServer.enabled', true)) return undefined;
  const module = context.asAbsolutePath('dist/lspServer.js');
  const server: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio },
  };
  const options: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'sym' },
      { scheme: 'file', language: 'viper' },
    ],
    initializationOptions: { verifyOnSave: settings.get<boolean>('verifyOnSave', true) },
    middleware: {
      // The lens "Verify" names the file as a URI string; the existing command takes a Uri.
      provideCodeLenses: async (document, token, next) =>
        (await next(document, token))?.map((lens) => {
          const c = lens.command;
          if (c?.command === 'symdap.verifyFile' && typeof c.arguments?.[0] === 'string')
            c.arguments = [vscode.Uri.parse(c.arguments[0])];
          return lens;
        }),
    },
  };
  const client = new LanguageClient('symdap', 'Sym language server', server, options);
  void client.start();
  context.subscriptions.push({ dispose: () => void client.stop() });
  return client;
}

// The VS Code extension entry point: the Sym debugger (an inline debug adapter, so no
// process is spawned), the configuration provider, the verify command, the language client,
// the tree and heap graph panels.

import * as path from 'node:path';
import * as vscode from 'vscode';
import { SymConfigurationProvider } from './configurationProvider';
import { createInlineAdapter } from './inlineAdapter';
import { registerVerifyCommand } from './verifyCommand';
import { startLanguageClient } from './languageClient';
import { registerLaunchDiagnostics } from './launchDiagnostics';
import { registerTreePanel } from './treePanel';
import { registerInlineValues } from './inlineValues';
import { registerHeapPanel } from './heapPanel';

export function activate(context: vscode.ExtensionContext): void {
  const treeBundle = path.join(context.extensionPath, 'dist', 'ui', 'tree.js');
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('symdap', {
      createDebugAdapterDescriptor: () => new vscode.DebugAdapterInlineImplementation(createInlineAdapter(treeBundle)),
    }),
    vscode.debug.registerDebugConfigurationProvider('symdap', new SymConfigurationProvider()),
  );
  registerVerifyCommand(context, startLanguageClient(context));
  registerLaunchDiagnostics(context);
  registerTreePanel(context, treeBundle);
  registerInlineValues(context);
  registerHeapPanel(context, path.join(context.extensionPath, 'dist', 'ui', 'heap.js'));
}

export function deactivate(): void {
  // Everything registered is disposed through context.subscriptions.
}

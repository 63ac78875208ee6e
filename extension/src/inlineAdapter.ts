// The only module that touches the DAP session class: the adapter runs inside the extension
// host (no child process). The tree page (`"ui": true`) uses the extension's own copy of the
// page script: the adapter's default path (its package's dist/ui/tree.js) points one folder
// above the installed extension.
import type * as vscode from 'vscode';
import { SymDebugSession } from '../../src/adapter/session/session';

export function createInlineAdapter(uiBundle: string): vscode.DebugAdapter {
  return new SymDebugSession({ uiBundle });
}

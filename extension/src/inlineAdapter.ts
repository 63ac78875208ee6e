// The only module that touches the DAP session class: the adapter runs inside the extension
// host (no child process). Until src/adapter/session/session.ts exists the extension build fails here.
import type * as vscode from 'vscode';
import { SymDebugSession } from '../../src/adapter/session/session';

export function createInlineAdapter(): vscode.DebugAdapter {
  return new SymDebugSession();
}

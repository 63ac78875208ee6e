// F5 on a program with parse or type errors: a debug adapter tracker collects the errors the
// adapter reports while launching and, when the launch fails, shows them as a notification and
// in Problems (through the language server when it runs, else here), instead of only in the
// Debug Console. Diagnostics set here go when the file's tab closes, when the file is edited,
// and when a later launch of it succeeds.

import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { launchFailureMessage, parseLaunchErrors, type LaunchError } from './launchErrors';
import { toVscodeDiagnostics } from './vscodeDiagnostics';

interface Message {
  type?: string;
  event?: string;
  command?: string;
  success?: boolean;
  message?: string;
  body?: { category?: string; output?: string };
}

export function registerLaunchDiagnostics(context: vscode.ExtensionContext): void {
  const collection = vscode.languages.createDiagnosticCollection('symdap-launch');
  context.subscriptions.push(
    collection,
    vscode.debug.registerDebugAdapterTrackerFactory('symdap', {
      createDebugAdapterTracker: (session) => tracker(session, collection),
    }),
    vscode.workspace.onDidCloseTextDocument((document) => collection.delete(document.uri)),
    // A closed tab may leave its document open for a while: clear on the tab closing too.
    vscode.window.tabGroups.onDidChangeTabs((e) => {
      for (const tab of e.closed) if (tab.input instanceof vscode.TabInputText) collection.delete(tab.input.uri);
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0) collection.delete(e.document.uri);
    }),
  );
}

function tracker(session: vscode.DebugSession, collection: vscode.DiagnosticCollection): vscode.DebugAdapterTracker {
  const errors: LaunchError[] = [];
  const program = typeof session.configuration.program === 'string' ? session.configuration.program : undefined;
  return {
    onDidSendMessage: (m: Message) => {
      if (m.type === 'event' && m.event === 'output' && m.body?.category === 'stderr')
        errors.push(...parseLaunchErrors(m.body.output ?? ''));
      if (m.type !== 'response' || m.command !== 'launch') return;
      if (program) collection.delete(vscode.Uri.file(program));
      if (m.success === false) void showFailure(collection, errors, m.message ?? 'the launch failed');
    },
  };
}

async function showFailure(
  collection: vscode.DiagnosticCollection,
  errors: readonly LaunchError[],
  fallback: string,
): Promise<void> {
  // The notification first: nothing below may delay or hide it.
  void vscode.window.showErrorMessage(launchFailureMessage(errors, fallback.split('\n')[0], existsSync));
  const byFile = new Map<string, LaunchError[]>();
  for (const e of errors) if (existsSync(e.file)) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  // The language server (on by default) already reports the front end's errors of every open
  // Sym document, and opening the file here hands it to the server: publishing them again
  // would list each error twice in Problems.
  const serverReports = vscode.workspace.getConfiguration('symdap').get<boolean>('languageServer.enabled', true);
  for (const [file, list] of byFile) {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file)).then(
      (d) => d,
      () => undefined,
    );
    if (document && !serverReports)
      collection.set(
        document.uri,
        toVscodeDiagnostics(
          list.map((e) => e.record),
          document,
        ),
      );
  }
}

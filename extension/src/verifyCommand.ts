// The `symdap.verifyFile` command: verify a .sym file and show its failures as diagnostics.

import * as vscode from 'vscode';
import { reportToDiagnostics, summarizeReport } from './diagnostics';
import { runVerifier } from './verifier';
import { toVscodeDiagnostics } from './vscodeDiagnostics';
import { registerCoverageDecorations, type CoverageDecorations } from './coverageDecorations';

export function registerVerifyCommand(context: vscode.ExtensionContext): void {
  const collection = vscode.languages.createDiagnosticCollection('symdap');
  const coverage = registerCoverageDecorations(context);
  context.subscriptions.push(
    collection,
    vscode.commands.registerCommand('symdap.verifyFile', (uri?: vscode.Uri) => verifyFile(collection, coverage, uri)),
    // Verification results describe the text that was verified; an edit makes them stale.
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0) collection.delete(e.document.uri);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => collection.delete(document.uri)),
  );
}

async function verifyFile(collection: vscode.DiagnosticCollection, coverage: CoverageDecorations, uri: vscode.Uri | undefined): Promise<void> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (document === undefined || (document.languageId !== 'sym' && !document.fileName.endsWith('.sym'))) {
    void vscode.window.showWarningMessage('symdap: open a .sym file to verify it.');
    return;
  }
  if (document.isDirty && !(await document.save())) return;
  try {
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `symdap: verifying ${vscode.workspace.asRelativePath(document.uri)}` },
      () => runVerifier(document.fileName));
    collection.set(document.uri, toVscodeDiagnostics(reportToDiagnostics(report), document));
    coverage.show(document, report);
    const summary = `symdap: ${summarizeReport(report)}`;
    if (report.verdict === 'verified') void vscode.window.showInformationMessage(summary);
    else void vscode.window.showWarningMessage(summary);
  } catch (e) {
    void vscode.window.showErrorMessage(`symdap: ${e instanceof Error ? e.message : String(e)}`);
  }
}

// The `symdap.verifyFile` command: verify a .sym or .vpr file and show its failures as diagnostics.
// With the language server running, the command asks it (`symdap/verify`) so the failures
// are listed once, in the server's diagnostics, even when verify-on-save runs too; without
// it, the command verifies in the extension host into its own collection.

import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { verifyDiagnostics } from '../../src/lsp/verifyDiagnostics';
import { frontEndDiagnostics, summarizeReport, type VerifyReport } from './diagnostics';
import { isVerifiable, runVerifier } from './verifier';
import { fromLspDiagnostics, toVscodeDiagnostics } from './vscodeDiagnostics';
import { registerCoverageDecorations, type CoverageDecorations } from './coverageDecorations';

type ServerReply = { report: VerifyReport } | { error: string } | { cancelled: true };

export function registerVerifyCommand(context: vscode.ExtensionContext, client: LanguageClient | undefined): void {
  const collection = vscode.languages.createDiagnosticCollection('symdap');
  const coverage = registerCoverageDecorations(context);
  context.subscriptions.push(
    collection,
    vscode.commands.registerCommand('symdap.verifyFile', (uri?: vscode.Uri) =>
      verifyFile(collection, coverage, client, uri),
    ),
    // Verification results describe the text that was verified; an edit makes them stale.
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0) collection.delete(e.document.uri);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => collection.delete(document.uri)),
  );
}

/** The server's report; undefined when the server cannot take the document (not running, not a file). */
async function viaServer(
  client: LanguageClient | undefined,
  document: vscode.TextDocument,
): Promise<VerifyReport | undefined> {
  if (client?.state !== State.Running || document.uri.scheme !== 'file') return undefined;
  // The server holds the documents of the languages its client selects (languageClient.ts).
  if (document.languageId !== 'sym' && document.languageId !== 'viper') return undefined;
  const reply = await client.sendRequest<ServerReply>('symdap/verify', {
    textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
  });
  if ('error' in reply) throw new Error(reply.error);
  if ('cancelled' in reply) throw new Error('the verification was cancelled (the file changed or closed)');
  return reply.report;
}

/** Through the server (its diagnostics), else here into the command's own collection. */
async function verifyDocument(
  collection: vscode.DiagnosticCollection,
  client: LanguageClient | undefined,
  document: vscode.TextDocument,
): Promise<VerifyReport> {
  const fromServer = await viaServer(client, document);
  if (fromServer) {
    collection.delete(document.uri);
    return fromServer;
  }
  const report = await runVerifier(document.fileName);
  // The failures worded as the server words them (one code: src/lsp/verifyDiagnostics.ts).
  const findings = verifyDiagnostics(report, document.uri.toString(), document.getText());
  collection.set(document.uri, [
    ...toVscodeDiagnostics(frontEndDiagnostics(report), document),
    ...fromLspDiagnostics(findings, document),
  ]);
  return report;
}

async function verifyFile(
  collection: vscode.DiagnosticCollection,
  coverage: CoverageDecorations,
  client: LanguageClient | undefined,
  uri: vscode.Uri | undefined,
): Promise<void> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (document === undefined || !isVerifiable(document)) {
    void vscode.window.showWarningMessage('symdap: open a .sym or .vpr file to verify it.');
    return;
  }
  if (document.isDirty && !(await document.save())) return;
  try {
    const report = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `symdap: verifying ${vscode.workspace.asRelativePath(document.uri)}`,
      },
      () => verifyDocument(collection, client, document),
    );
    coverage.show(document, report);
    const summary = `symdap: ${summarizeReport(report)}`;
    if (report.verdict === 'verified') void vscode.window.showInformationMessage(summary);
    else void vscode.window.showWarningMessage(summary);
  } catch (e) {
    void vscode.window.showErrorMessage(`symdap: ${e instanceof Error ? e.message : String(e)}`);
  }
}

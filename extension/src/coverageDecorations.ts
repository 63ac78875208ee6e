// Uncovered lines as editor decorations after `symdap.verifyFile`: a faint background and a
// hover on each statement line no explored path ran. Cleared when the text changes (the
// coverage describes the text that was verified) or the document closes.

import * as vscode from 'vscode';
import type { VerifyReport } from './diagnostics';
import { uncoveredLines } from './coverageLines';

export interface CoverageDecorations {
  show(document: vscode.TextDocument, report: VerifyReport): void;
}

export function registerCoverageDecorations(context: vscode.ExtensionContext): CoverageDecorations {
  const type = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.removedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  const shown = new Map<string, vscode.DecorationOptions[]>();
  const paint = (editor: vscode.TextEditor): void =>
    editor.setDecorations(type, shown.get(editor.document.uri.toString()) ?? []);
  const clear = (document: vscode.TextDocument): void => {
    if (!shown.delete(document.uri.toString())) return;
    for (const e of vscode.window.visibleTextEditors) if (e.document === document) paint(e);
  };
  context.subscriptions.push(
    type,
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0) clear(e.document);
    }),
    vscode.workspace.onDidCloseTextDocument(clear),
    vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach(paint)),
  );
  return {
    show(document, report) {
      const options = uncoveredLines(report, document.lineCount).map((u) => ({
        range: document.lineAt(u.line).range,
        hoverMessage: u.hover,
      }));
      shown.set(document.uri.toString(), options);
      for (const e of vscode.window.visibleTextEditors) if (e.document === document) paint(e);
    },
  };
}

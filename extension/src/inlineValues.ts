// The inline values provider: while a Sym debug session is stopped, VS Code shows each
// variable's value beside the lines of the stopped procedure (inlineValueSites.ts says where),
// looked up by name in the stopped frame's Variables.

import * as vscode from 'vscode';
import { inlineValueSites } from './inlineValueSites';

export function registerInlineValues(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.languages.registerInlineValuesProvider('sym', {
      provideInlineValues(document, viewPort, ctx) {
        const stopped = ctx.stoppedLocation.start.line;
        return inlineValueSites(document.getText(), stopped)
          .filter((s) => s.line >= viewPort.start.line && s.line <= viewPort.end.line)
          .map(
            (s) => new vscode.InlineValueVariableLookup(new vscode.Range(s.line, s.start, s.line, s.end), s.name, true),
          );
      },
    }),
  );
}

// Notification hygiene for open documents: TextDocuments (vscode-languageserver) trusts the
// shape of didOpen/didChange/didClose/didSave and would store a `text` that is a number or
// missing, which later code reads as a string. Here each such notification is checked before
// TextDocuments sees it; a malformed one is dropped with a line in the client's log, and the
// server lives on (issue 21). Notifications have no response to carry an error.

import type { Connection, TextDocuments } from 'vscode-languageserver';

/** What TextDocuments.listen needs of a connection (the library does not export the type by name). */
type TextDocumentConnection = Parameters<TextDocuments<{ uri: string }>['listen']>[0];

type Check = (params: unknown) => string | undefined;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isInt = (x: unknown): boolean => Number.isSafeInteger(x);

function documentOf(params: unknown): Record<string, unknown> | string {
  if (!isObject(params) || !isObject(params.textDocument)) return 'params.textDocument is missing';
  if (typeof params.textDocument.uri !== 'string') return 'params.textDocument.uri must be a string';
  return params.textDocument;
}

const identifies: Check = (params) => {
  const doc = documentOf(params);
  return typeof doc === 'string' ? doc : undefined;
};

const opens: Check = (params) => {
  const doc = documentOf(params);
  if (typeof doc === 'string') return doc;
  if (typeof doc.text !== 'string') return 'params.textDocument.text must be a string';
  if (typeof doc.languageId !== 'string') return 'params.textDocument.languageId must be a string';
  if (!isInt(doc.version)) return 'params.textDocument.version must be an integer';
  return undefined;
};

const isPosition = (p: unknown): boolean =>
  isObject(p) && isInt(p.line) && isInt(p.character) && (p.line as number) >= 0 && (p.character as number) >= 0;

function changeProblem(change: unknown): string | undefined {
  if (!isObject(change) || typeof change.text !== 'string') return 'each content change needs a string text';
  if (change.range === undefined) return undefined;
  const r = change.range;
  return isObject(r) && isPosition(r.start) && isPosition(r.end)
    ? undefined
    : 'a content change range must be {start, end} positions';
}

const changes: Check = (params) => {
  const doc = documentOf(params);
  if (typeof doc === 'string') return doc;
  if (!isInt(doc.version)) return 'params.textDocument.version must be an integer';
  const list = (params as { contentChanges?: unknown }).contentChanges;
  if (!Array.isArray(list)) return 'params.contentChanges must be an array';
  for (const c of list) {
    const problem = changeProblem(c);
    if (problem) return problem;
  }
  return undefined;
};

/**
 * The document notifications of `c`, each handler called only with well-formed params.
 * Handlers that throw are caught too: one bad document must not end the server.
 */
export function guardedDocumentConnection(c: Connection): TextDocumentConnection {
  const guard =
    <P>(method: string, check: Check, handler: (p: P) => unknown) =>
    (params: P) => {
      const problem = check(params);
      if (problem) {
        c.console.warn(`symdap: ignored a malformed ${method}: ${problem}`);
        return undefined;
      }
      try {
        return handler(params);
      } catch (e) {
        c.console.error(`symdap: ${method} failed: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
    };
  return {
    onDidOpenTextDocument: (h) => c.onDidOpenTextDocument(guard('textDocument/didOpen', opens, h)),
    onDidChangeTextDocument: (h) => c.onDidChangeTextDocument(guard('textDocument/didChange', changes, h)),
    onDidCloseTextDocument: (h) => c.onDidCloseTextDocument(guard('textDocument/didClose', identifies, h)),
    onWillSaveTextDocument: (h) => c.onWillSaveTextDocument(guard('textDocument/willSave', identifies, h)),
    onWillSaveTextDocumentWaitUntil: (h) =>
      c.onWillSaveTextDocumentWaitUntil((params, token) => {
        const problem = identifies(params);
        if (problem) {
          c.console.warn(`symdap: ignored a malformed textDocument/willSaveWaitUntil: ${problem}`);
          return [];
        }
        return h(params, token);
      }),
    onDidSaveTextDocument: (h) => c.onDidSaveTextDocument(guard('textDocument/didSave', identifies, h)),
  };
}

// Request hygiene: nothing is served before `initialize` (ServerNotInitialized), and a
// request whose params lack a text document URI of an open document gets InvalidParams,
// never an exception inside the server.

import { ErrorCodes, ResponseError, type Position } from 'vscode-languageserver';

export interface DocumentParams {
  readonly textDocument: { readonly uri: string };
  readonly position?: Position;
}

const isPosition = (p: unknown): p is Position =>
  typeof p === 'object' &&
  p !== null &&
  Number.isInteger((p as Position).line) &&
  Number.isInteger((p as Position).character) &&
  (p as Position).line >= 0 &&
  (p as Position).character >= 0;

/** Throws the LSP error for params that do not name a document (and a position when `needsPosition`). */
export function checkParams(params: unknown, needsPosition: boolean): DocumentParams {
  const p = params as Partial<DocumentParams> | null;
  if (typeof p !== 'object' || p === null || typeof p.textDocument?.uri !== 'string') {
    throw new ResponseError(ErrorCodes.InvalidParams, 'params.textDocument.uri is missing');
  }
  if (needsPosition && !isPosition(p.position)) {
    throw new ResponseError(
      ErrorCodes.InvalidParams,
      'params.position must be {line, character} with non-negative integers',
    );
  }
  return p as DocumentParams;
}

export function notInitialized(): ResponseError<void> {
  return new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized: send initialize first');
}

export function unknownDocument(uri: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, `document not open: ${uri}`);
}

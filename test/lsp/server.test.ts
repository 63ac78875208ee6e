// The language server as editors use it: the real `symdap lsp` process over stdio, driven by
// a real LSP client (vscode-languageserver-protocol). Diagnostics as you type, outline,
// navigation, hover, completion, semantic tokens, code lenses, and bad requests.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCodes,
  SemanticTokensRequest,
  type DocumentSymbol,
  type Hover,
  type Location,
} from 'vscode-languageserver-protocol/node';
import { startServer, type LspClient } from './lspClient';

const URI = 'file:///tmp/symdap-lsp-test/heap.sym';
const PROGRAM = `var total: int := 0;
class Cell { var val: int; }
function get(c: Cell): int requires acc(c.val) { c.val }
predicate cell(c: Cell) { acc(c.val) }
proc bump(c: Cell, n: int) returns (r: int)
  requires acc(c.val) && n >= 0
  ensures acc(c.val) && r == old(c.val) + n
{
  var before: int := c.val;
  c.val := before + n;
  r := c.val;
}
proc main(x: int) {
  var c: Cell := new Cell;
  c.val := x;
  var y: int := bump(c, 2);
  total := y;
}
`;

/** The 0-based position of the `nth` occurrence of `word` (0-based n) on the 1-based `line`. */
function at(line: number, word: string, nth = 0): { line: number; character: number } {
  const text = PROGRAM.split('\n')[line - 1];
  const hits = [...text.matchAll(new RegExp(`\\b${word}\\b`, 'g'))];
  if (hits.length <= nth) throw new Error(`'${word}' not on line ${line}`);
  return { line: line - 1, character: hits[nth].index };
}

describe('symdap lsp over stdio', () => {
  let client: LspClient;
  beforeAll(async () => {
    client = startServer();
    const init = (await client.initialize()) as { capabilities: Record<string, unknown> };
    expect(init.capabilities).toMatchObject({
      documentSymbolProvider: true,
      definitionProvider: true,
      hoverProvider: true,
    });
    const clean = client.diagnostics(URI, () => true);
    client.open(URI, PROGRAM);
    expect(await clean).toEqual([]);
  }, 30_000);
  afterAll(async () => {
    await client.stop();
  });

  const req = <R>(method: string, params: object): Promise<R> =>
    client.connection.sendRequest(method, params) as Promise<R>;
  const doc = { textDocument: { uri: URI } };

  it('outlines procedures, functions, predicates, classes with fields, and globals', async () => {
    const symbols = await req<DocumentSymbol[]>('textDocument/documentSymbol', doc);
    expect(symbols.map((s) => s.name)).toEqual(['total', 'Cell', 'get', 'cell', 'bump', 'main']);
    expect(symbols.find((s) => s.name === 'Cell')!.children!.map((c) => c.name)).toEqual(['val']);
    expect(symbols.find((s) => s.name === 'bump')!.selectionRange.start).toEqual(at(5, 'bump'));
  });

  it('goes to the definition of a procedure, a local, a field and a global', async () => {
    const def = (p: { line: number; character: number }) =>
      req<Location>('textDocument/definition', { ...doc, position: p });
    expect((await def(at(16, 'bump'))).range.start).toEqual(at(5, 'bump'));
    expect((await def(at(10, 'before'))).range.start).toEqual(at(9, 'before'));
    expect((await def(at(15, 'val'))).range.start).toEqual(at(2, 'val'));
    expect((await def(at(17, 'total'))).range.start).toEqual(at(1, 'total'));
    expect((await def(at(14, 'Cell', 1))).range.start).toEqual(at(2, 'Cell'));
  });

  it('finds every reference of a parameter and of a field, with and without the declaration', async () => {
    const refs = (p: object, includeDeclaration: boolean) =>
      req<Location[]>('textDocument/references', { ...doc, position: p, context: { includeDeclaration } });
    const n = await refs(at(10, 'n'), true);
    expect(n.map((l) => l.range.start)).toEqual([at(5, 'n'), at(6, 'n'), at(7, 'n'), at(10, 'n')]);
    const val = await refs(at(2, 'val'), false);
    expect(val.map((l) => l.range.start.line + 1)).toEqual([3, 3, 4, 6, 7, 7, 9, 10, 11, 15]);
  });

  it('hovers with types and contracts', async () => {
    const h = await req<Hover>('textDocument/hover', { ...doc, position: at(16, 'bump') });
    const text = (h.contents as { value: string }).value;
    expect(text).toContain('proc bump(c: Cell, n: int) returns (r: int)');
    expect(text).toContain('requires acc(c.val) && n >= 0');
    expect(text).toContain('ensures');
    const y = await req<Hover>('textDocument/hover', { ...doc, position: at(17, 'y') });
    expect((y.contents as { value: string }).value).toContain('y: int');
    expect(await req('textDocument/hover', { ...doc, position: { line: 7, character: 0 } })).toBeNull();
  });

  it('completes keywords and the names in scope, and fields after a dot', async () => {
    const items = await req<{ label: string }[]>('textDocument/completion', {
      ...doc,
      position: { line: 16, character: 2 },
    });
    const labels = items.map((i) => i.label);
    expect(labels).toEqual(
      expect.arrayContaining(['assert', 'while', 'int', 'x', 'c', 'y', 'total', 'bump', 'get', 'Cell']),
    );
    expect(labels).not.toContain('before');
    const fields = await req<{ label: string }[]>('textDocument/completion', {
      ...doc,
      position: { line: 14, character: 4 },
    });
    expect(fields.map((i) => i.label)).toEqual(['val']);
  });

  it('classifies names by what they resolve to in semantic tokens', async () => {
    const r = await client.connection.sendRequest(SemanticTokensRequest.type, doc);
    const decoded: { line: number; char: number; len: number; type: number }[] = [];
    let line = 0;
    let char = 0;
    for (let i = 0; i < r!.data.length; i += 5) {
      line += r!.data[i];
      char = r!.data[i] === 0 ? char + r!.data[i + 1] : r!.data[i + 1];
      decoded.push({ line, char, len: r!.data[i + 2], type: r!.data[i + 3] });
    }
    const init = await startServer();
    const legend = (
      (await init.initialize()) as { capabilities: { semanticTokensProvider: { legend: { tokenTypes: string[] } } } }
    ).capabilities.semanticTokensProvider.legend.tokenTypes;
    await init.stop();
    const typeAt = (p: { line: number; character: number }) =>
      legend[decoded.find((d) => d.line === p.line && d.char === p.character)!.type];
    expect(typeAt(at(5, 'proc'))).toBe('keyword');
    expect(typeAt(at(5, 'bump'))).toBe('function');
    expect(typeAt(at(10, 'n'))).toBe('parameter');
    expect(typeAt(at(10, 'val'))).toBe('property');
    expect(typeAt(at(17, 'total'))).toBe('variable');
    expect(typeAt(at(14, 'Cell'))).toBe('class');
    expect(typeAt(at(15, 'x'))).toBe('parameter');
  }, 30_000);

  it('puts "Debug symbolically | Verify" above each procedure', async () => {
    const lenses = await req<
      { range: { start: unknown }; command: { title: string; command: string; arguments: unknown[] } }[]
    >('textDocument/codeLens', doc).then((ls) => ls.filter((l) => l.command.command !== '')); // not the proof lenses (proofLenses.test.ts)
    expect(lenses.map((l) => [l.command.title, l.command.command, l.command.arguments])).toEqual([
      ['Debug symbolically', 'symdap.debugProcedure', [URI, 'bump']],
      ['Verify', 'symdap.verifyFile', [URI]],
      ['Debug symbolically', 'symdap.debugProcedure', [URI, 'main']],
      ['Verify', 'symdap.verifyFile', [URI]],
    ]);
    expect(lenses[0].range.start).toEqual(at(5, 'bump'));
  });

  it('reports parse and type errors as you type, and keeps navigating with the last good index', async () => {
    const broken = PROGRAM.replace('total := y;', 'total := y + true;');
    const typed = client.diagnostics(URI, (ds) => ds.length > 0);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ text: broken }],
    });
    const ds = await typed;
    expect(ds).toHaveLength(1);
    expect(ds[0].range.start.line).toBe(16);
    expect(ds[0].message).toMatch(/bool|int/);
    const def = await req<Location>('textDocument/definition', { ...doc, position: at(16, 'bump') });
    expect(def.range.start).toEqual(at(5, 'bump'));
    const syntax = client.diagnostics(URI, (d) => d.length > 0 && d[0].range.start.line === 2);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 3 },
      contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: 'proc (' }],
    });
    expect((await syntax)[0].severity).toBe(1);
    const fixed = client.diagnostics(URI, (d) => d.length === 0);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 4 },
      contentChanges: [{ text: PROGRAM }],
    });
    expect(await fixed).toEqual([]);
  });

  it('answers malformed requests with LSP errors and keeps serving', async () => {
    await expect(req('textDocument/hover', {})).rejects.toMatchObject({ code: ErrorCodes.InvalidParams });
    await expect(req('textDocument/hover', { ...doc, position: { line: -1 } })).rejects.toMatchObject({
      code: ErrorCodes.InvalidParams,
    });
    await expect(
      req('textDocument/definition', {
        textDocument: { uri: 'file:///nowhere.sym' },
        position: { line: 0, character: 0 },
      }),
    ).rejects.toMatchObject({ code: ErrorCodes.InvalidParams });
    await expect(req('symdap/noSuchMethod', {})).rejects.toMatchObject({ code: ErrorCodes.MethodNotFound });
    expect((await req<DocumentSymbol[]>('textDocument/documentSymbol', doc)).length).toBe(6);
  });
});

describe('symdap lsp before initialize', () => {
  it('refuses requests with ServerNotInitialized and still initializes afterwards', async () => {
    const client = startServer();
    try {
      client.open(URI, 'proc main() { assert 1; }\n');
      await expect(
        client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: URI } }),
      ).rejects.toMatchObject({ code: ErrorCodes.ServerNotInitialized });
      expect(client.published).toEqual([]);
      await expect(client.initialize()).resolves.toMatchObject({ serverInfo: { name: 'symdap' } });
    } finally {
      await client.stop();
    }
  }, 30_000);
});

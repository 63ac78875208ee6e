// The language server analyses large documents off its message loop (issue 21.4): while a
// large document is parsed and checked, a hover on another document is answered, and a
// change to the large document cancels the analysis of its older version (whose result is
// then never published). Ordering and answers are asserted, never durations.

import { afterEach, describe, expect, it } from 'vitest';
import type { Hover } from 'vscode-languageserver-protocol';
import { startServer, type LspClient } from './lspClient';
import { OFF_LOOP_CHARS } from '../../src/lsp/analysisRunner';

const SMALL = 'file:///small.sym';
const LARGE = 'file:///large.sym';
const SMALL_TEXT = 'proc bump(x: int) returns (r: int)\n  ensures r == x + 1\n{\n  r := x + 1;\n}\n';

/** A procedure of `lines` statements: several seconds of parsing and checking at 60,000. */
function large(lines: number, last = ''): string {
  const text = `proc main(y: int) {\n  var x: int := 0;\n${'  x := x + y * 2;\n'.repeat(lines)}${last}}\n`;
  expect(text.length).toBeGreaterThan(OFF_LOOP_CHARS);
  return text;
}

let client: LspClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

async function started(): Promise<LspClient> {
  client = startServer();
  await client.initialize();
  client.open(SMALL, SMALL_TEXT);
  await client.diagnostics(SMALL, () => true);
  return client;
}

describe('analysis off the message loop', () => {
  it('answers a hover on another document while a large one is analysed', async () => {
    const c = await started();
    c.open(LARGE, large(60_000));
    const hover = await c.connection.sendRequest<Hover>('textDocument/hover', {
      textDocument: { uri: SMALL },
      position: { line: 3, character: 8 },
    });
    // Answered before the large document's analysis was published.
    const largeSoFar = c.published.filter((p) => p.uri === LARGE).length;
    expect(JSON.stringify(hover.contents)).toContain('x: int');
    expect(largeSoFar).toBe(0);
    expect(await c.diagnostics(LARGE, () => true)).toEqual([]);
    // A request on the large document itself waits for its analysis and answers from it.
    const own = await c.connection.sendRequest<Hover>('textDocument/hover', {
      textDocument: { uri: LARGE },
      position: { line: 2, character: 2 },
    });
    expect(JSON.stringify(own.contents)).toContain('x: int');
  }, 240_000);

  it('a change cancels the analysis of the older version: only the newest is published', async () => {
    const c = await started();
    c.open(LARGE, large(60_000));
    await c.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: LARGE, version: 2 },
      contentChanges: [{ text: large(60_000, '  x := true;\n') }],
    });
    const ds = await c.diagnostics(LARGE, () => true);
    expect(ds.map((d) => d.message)).toEqual([expect.stringMatching(/cannot assign a value of type bool/)]);
    expect(c.published.filter((p) => p.uri === LARGE)).toHaveLength(1);
  }, 240_000);
});

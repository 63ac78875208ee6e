// Verification on save through the real server and the real Z3: failures with their
// counterexample and path, unknown as a warning, the setting that turns it off, and
// cancellation when the document closes.

import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationRequest } from 'vscode-languageserver-protocol/node';
import { save, startServer, verifyResults, type LspClient } from './lspClient';

const FAILING = `proc main(x: int) {
  var y: int := x * 2;
  if (y > 20) {
    assert y < 10;
  }
}
`;
const BOUNDED = `proc main(n: int) {
  var i: int := 0;
  while (i < n) { i := i + 1; }
}
`;

let client: LspClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

describe('symdap lsp: verification on save', () => {
  it('reports a failure with its counterexample in the message and its path as related information', async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp/failing.sym';
    client.open(uri, FAILING);
    const result = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
    await save(client, uri);
    const [failure] = verifyResults(await result);
    expect(failure.severity).toBe(1);
    expect(failure.range.start.line).toBe(3);
    expect(failure.message).toMatch(/^assertion may fail: y < 10 — counterexample: x = (-?\d+)/);
    const x = Number(/x = (-?\d+)/.exec(failure.message)![1]);
    expect(x * 2 > 20 && !(x * 2 < 10)).toBe(true);
    expect(failure.relatedInformation!.map((r) => r.location.range.start.line + 1)).toEqual([2, 3, 4]);
    // Each step is named by what runs there (issue 26, item 5), and the failure says it is real (issue 25).
    expect(failure.relatedInformation![0].message).toMatch(/^path step 1: \S/);
    expect(failure.message).toMatch(/real: a concrete input reaches it/);
    expect(failure.relatedInformation!.every((r) => r.location.uri === uri)).toBe(true);

    // An edit makes the results stale; closing clears everything.
    const cleared = client.diagnostics(uri, (ds) => ds.length === 0);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    expect(await cleared).toEqual([]);
  }, 60_000);

  it('verifies a file when it is opened, before any edit or save (issue 26, item 16)', async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp/opened.sym';
    const result = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
    client.open(uri, FAILING);
    const [failure] = verifyResults(await result);
    expect(failure.range.start.line).toBe(3);
    expect(failure.message).toMatch(/^assertion may fail: y < 10 — counterexample: x = -?\d+/);
  }, 60_000);

  it('reports an assertion that is not self-framing at its clause, as an error with no path', async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp/framing.sym';
    client.open(
      uri,
      'class Cell { var x: int; }\nproc bad(c: Cell)\n  requires c.x > 0 && acc(c.x)\n{\n}\nproc main() {\n}\n',
    );
    const result = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
    await save(client, uri);
    const [failure] = verifyResults(await result);
    expect(failure.severity).toBe(1);
    expect([failure.range.start.line, failure.range.start.character]).toEqual([2, 11]);
    expect(failure.message).toBe(
      'insufficient permission: bad requires c.x > 0 && acc(c.x) is not self-framing: reads c.x without acc(c.x)',
    );
    expect(failure.relatedInformation).toEqual([]);
  }, 60_000);

  it('reports an incomplete search as a warning, never as success', async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp/bounded.sym';
    client.open(uri, BOUNDED);
    const result = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
    await save(client, uri);
    const [unknown] = verifyResults(await result);
    expect(unknown.severity).toBe(2);
    expect(unknown.message).toMatch(/^verification unknown: .*bound/);
  }, 60_000);

  it('does not verify when symdap.verifyOnSave is off (initializationOptions), and follows workspace/configuration', async () => {
    client = startServer();
    const asked: unknown[] = [];
    let verifyOn = false;
    client.connection.onRequest(ConfigurationRequest.type, (p) => {
      asked.push(p.items[0].section);
      return [{ verifyOnSave: verifyOn }];
    });
    await client.initialize({
      initializationOptions: { verifyOnSave: false },
      capabilities: { workspace: { configuration: true } },
    });
    const off = 'file:///tmp/symdap-lsp/off.sym';
    const on = 'file:///tmp/symdap-lsp/on.sym';
    // Opening and saving ask for the setting (each open and save once): off for both opens and the first save.
    client.open(off, FAILING);
    client.open(on, FAILING);
    await save(client, off);
    for (let i = 0; asked.length < 3 && i < 100; i++) await new Promise((r) => setTimeout(r, 50));
    verifyOn = true;
    const result = client.diagnostics(on, (ds) => verifyResults(ds).length > 0);
    await save(client, on);
    expect(verifyResults(await result)).toHaveLength(1);
    expect(asked).toEqual(['symdap', 'symdap', 'symdap', 'symdap']);
    expect(client.published.filter((p) => p.uri === off).flatMap((p) => verifyResults(p.diagnostics))).toEqual([]);
  }, 60_000);

  it('cancels the run of a document that closes before it ends', async () => {
    client = startServer();
    await client.initialize();
    const closed = 'file:///tmp/symdap-lsp/closed.sym';
    const other = 'file:///tmp/symdap-lsp/other.sym';
    client.open(closed, FAILING);
    client.open(other, FAILING);
    await save(client, closed);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: closed } });
    const result = client.diagnostics(other, (ds) => verifyResults(ds).length > 0);
    await save(client, other);
    await result;
    const last = client.published.filter((p) => p.uri === closed).at(-1)!;
    expect(last.diagnostics).toEqual([]);
  }, 60_000);

  it('drops the run of an older text: an edit and a newer save cancel it', async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp/resaved.sym';
    client.open(uri, FAILING);
    await save(client, uri);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: FAILING.replace('y < 10', 'y < 8') }],
    });
    const result = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
    await save(client, uri);
    expect(verifyResults(await result).map((d) => d.message.split(' — ')[0])).toEqual(['assertion may fail: y < 8']);
    const all = client.published.filter((p) => p.uri === uri).flatMap((p) => verifyResults(p.diagnostics));
    expect(all.map((d) => d.message.split(' — ')[0])).toEqual(['assertion may fail: y < 8']);
  }, 60_000);

  it("symdap/verify (the editor's Verify command) and a save of the same text share one run: the failure is listed once", async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp/command.sym';
    client.open(uri, FAILING);
    await save(client, uri);
    const reply = (await client.connection.sendRequest('symdap/verify', { textDocument: { uri } })) as {
      report?: { verdict: string; failures: unknown[] };
    };
    expect(reply.report?.verdict).toBe('failed');
    expect(reply.report?.failures).toHaveLength(1);
    // Both paths published (at most) the same one failure; a second publication would replace, not add.
    const withResults = client.published.filter((p) => p.uri === uri && verifyResults(p.diagnostics).length > 0);
    expect(withResults.length).toBeGreaterThan(0);
    expect(withResults.every((p) => verifyResults(p.diagnostics).length === 1)).toBe(true);
  }, 60_000);

  it('symdap/verify runs whatever verifyOnSave says, and refuses a file with errors with a message', async () => {
    client = startServer();
    await client.initialize({ initializationOptions: { verifyOnSave: false } });
    const uri = 'file:///tmp/symdap-lsp/command-off.sym';
    const bad = 'file:///tmp/symdap-lsp/command-bad.sym';
    client.open(uri, FAILING);
    client.open(bad, 'proc main() { var b: bool := 1; }\n');
    const published = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
    const reply = (await client.connection.sendRequest('symdap/verify', { textDocument: { uri } })) as {
      report?: { verdict: string };
    };
    expect(reply.report?.verdict).toBe('failed');
    expect(verifyResults(await published)).toHaveLength(1);
    expect(await client.connection.sendRequest('symdap/verify', { textDocument: { uri: bad } })).toEqual({
      error: expect.stringMatching(/errors/),
    });
  }, 60_000);
});

// The language server on a `.vpr` document (issue 23: every command chooses the front end by
// extension): Viper's parse errors at their line, an outline of the user's own declarations
// (not the procedures the lowering generates), and verification on save in modular mode, with
// the failure of a permission lost in a call. The real server over stdio and the real Z3.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentSymbol } from 'vscode-languageserver-protocol/node';
import { save, startServer, verifyResults, type LspClient } from './lspClient';

const LOST = readFileSync(path.join(__dirname, '..', '..', 'samples', 'viper', 'lost_permission.vpr'), 'utf8');
const FUNCTION = 'field f: Int\n\nfunction get(x: Ref): Int\n  requires acc(x.f)\n{ x.f }\n';

let client: LspClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

describe('symdap lsp on a .vpr document', () => {
  it("a Viper syntax error is reported at its line; Sym's parser never sees the file", async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp-viper/broken.vpr';
    const published = client.diagnostics(uri, (ds) => ds.length > 0);
    client.open(uri, 'field f: Int\n\nmethod m(x: Ref)\n{\n  x.f := \n}\n');
    const [d] = await published;
    expect(d.severity).toBe(1);
    expect(d.range.start.line).toBe(5);
    expect(d.message).not.toMatch(/expected 'var', 'class'/);
  });

  it('a valid file has no diagnostics, and its outline has its own declarations only', async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp-viper/function.vpr';
    const clean = client.diagnostics(uri, () => true);
    client.open(uri, FUNCTION);
    expect(await clean).toEqual([]);
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri },
    })) as DocumentSymbol[];
    const names = symbols.flatMap((s) => [s.name, ...(s.children ?? []).map((c) => c.name)]);
    expect(names).toContain('get');
    expect(names.filter((n) => n.includes('@'))).toEqual([]);
  });

  it('on save, the permission lost in a call fails at line 18 (verified modularly, as symdap verify does)', async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp-viper/lost_permission.vpr';
    client.open(uri, LOST);
    const result = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
    await save(client, uri);
    const failures = verifyResults(await result);
    // Every failure is the read at line 18 (a path per aliasing case of the call; none elsewhere).
    expect([...new Set(failures.map((f) => f.range.start.line))]).toEqual([17]);
    expect(failures[0].message).toMatch(/x\.f/);
  }, 60_000);
});

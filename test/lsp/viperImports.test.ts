// The language server reads no file but the document the editor sent (docs/security.md): a `.vpr`
// document that imports another is refused by name at its `import`, never read from disk, and
// so never verified on save. The real server over stdio.

import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type LspClient } from './lspClient';

let client: LspClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

describe('symdap lsp on a .vpr document with an import', () => {
  it('refuses the import by name at its line', async () => {
    client = startServer();
    await client.initialize();
    const uri = 'file:///tmp/symdap-lsp-viper/imports.vpr';
    const published = client.diagnostics(uri, (ds) => ds.length > 0);
    client.open(uri, 'method m() {}\nimport "lib.vpr"\n');
    const [d] = await published;
    expect(d.range.start.line).toBe(1);
    expect(d.message).toMatch(/^unsupported Viper feature: imports here/);
  });
});

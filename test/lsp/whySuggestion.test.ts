// A `spec too weak` failure in the editor (issue 25), through the real server and a real LSP
// client with `verifyMode: modular`: the diagnostic's message names the class and the fact that
// closes the gap, and its related information points at the invariant that forgot it and at
// the place the suggested clause goes.

import { afterEach, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { startServer, type LspClient } from './lspClient';
import { WEAK_INVARIANT } from '../support/whyPrograms';

let client: LspClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

it('modular: the failure says spec too weak, with the suggested invariant and where it goes', async () => {
  client = startServer();
  await client.initialize({ initializationOptions: { verifyMode: 'modular' } });
  const uri = 'file:///tmp/symdap-lsp/weak.sym';
  const published = client.diagnostics(uri, (ds) => ds.some((d) => d.source === 'symdap verify'));
  client.open(uri, WEAK_INVARIANT);
  const [failure] = (await published).filter((d: Diagnostic) => d.source === 'symdap verify');
  expect(failure.range.start.line).toBe(11);
  expect(failure.message).toMatch(/specification too weak: .*the invariant at line 7/);
  expect(failure.message).toContain('adding `invariant s == 2 * i` at line 7 closes it');
  const related = failure.relatedInformation!.map((r) => [r.location.range.start.line + 1, r.message]);
  expect(related).toContainEqual([7, 'add `invariant s == 2 * i` here: with it this failure is gone']);
}, 90_000);

it('explore (the default): the same file verifies, nothing to suggest', async () => {
  client = startServer();
  await client.initialize();
  const uri = 'file:///tmp/symdap-lsp/weak-explore.sym';
  client.open(uri, WEAK_INVARIANT);
  const r = (await client.connection.sendRequest('symdap/verify', { textDocument: { uri } })) as {
    report?: { verdict: string };
  };
  expect(r.report?.verdict).toBe('verified');
}, 90_000);

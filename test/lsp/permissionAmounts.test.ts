// Where the rest of a fractional permission went, in the editor (issue #24): the language
// server's diagnostic for a write that holds only a half says so in its message, and its related
// information points at the call that kept the other half, for Sym and for Viper documents.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { save, startServer, verifyResults, type LspClient } from './lspClient';

const SAMPLES = path.join(__dirname, '..', '..', 'samples');

let client: LspClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

it('fractions_lend.sym: the message and a related location at the call that kept the half', async () => {
  client = startServer();
  await client.initialize();
  const uri = 'file:///tmp/symdap-lsp-amounts/fractions_lend.sym';
  const published = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
  client.open(uri, readFileSync(path.join(SAMPLES, 'heap', 'fractions_lend.sym'), 'utf8'));
  const [failure] = verifyResults(await published);
  expect(failure.range.start.line).toBe(36);
  expect(failure.message).toContain(
    "acc(c.x) needs write; holds 1/2: the other 1/2 went to the call lendAndKeep(c) at line 34, and lendAndKeep's ensures does not give it back",
  );
  const related = failure.relatedInformation!.map((r) => [r.location.range.start.line + 1, r.message]);
  expect(related[0]).toEqual([
    34,
    "1/2 of acc(c.x) went to the call lendAndKeep(c) at line 34, and lendAndKeep's ensures does not give it back",
  ]);
}, 90_000);

it('lent_permission.vpr, on save: the related location is the call at line 31', async () => {
  client = startServer();
  await client.initialize();
  const uri = 'file:///tmp/symdap-lsp-amounts/lent_permission.vpr';
  client.open(uri, readFileSync(path.join(SAMPLES, 'viper', 'lent_permission.vpr'), 'utf8'));
  const result = client.diagnostics(uri, (ds) => verifyResults(ds).length > 0);
  await save(client, uri);
  const [failure] = verifyResults(await result);
  expect(failure.range.start.line).toBe(32);
  const related = failure.relatedInformation!.map((r) => [r.location.range.start.line + 1, r.message]);
  expect(related[0]).toEqual([
    31,
    "1/2 of acc(x.f) went to the call lendAndKeep(x) at line 31, and lendAndKeep's ensures does not give it back",
  ]);
}, 90_000);

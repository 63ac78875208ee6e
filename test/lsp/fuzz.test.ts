// The language server survives every malformed message (issue 21): the real `symdap lsp`
// process gets 1,200 malformed JSON-RPC messages, notifications and requests of every method
// it handles with params of the wrong shape (a didOpen whose text is a number or missing among
// them, which once ended the process), plus frames whose body is not JSON; after each batch it
// still answers a real request about a real document. Seeds are fixed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSymbol } from 'vscode-languageserver-protocol/node';
import { startServer, type LspClient } from './lspClient';
import { Rng } from '../support/programGen';

const URI = 'file:///tmp/symdap-lsp-fuzz/ok.sym';
/** A document no fuzzed message names: the server must keep answering about it. */
const ALIVE_URI = 'file:///tmp/symdap-lsp-fuzz/untouched.sym';
const PROGRAM = 'proc main(x: int) {\n  assert x > 0;\n}\n';
const MESSAGES = 1200;
const BATCH = 20;

const NOTIFICATIONS = [
  'textDocument/didOpen',
  'textDocument/didChange',
  'textDocument/didClose',
  'textDocument/didSave',
  'textDocument/willSave',
  'workspace/didChangeConfiguration',
  '$/cancelRequest',
  '$/setTrace',
  'initialized',
  'unknown/notification',
];
const REQUESTS = [
  'textDocument/hover',
  'textDocument/definition',
  'textDocument/references',
  'textDocument/completion',
  'textDocument/documentSymbol',
  'textDocument/semanticTokens/full',
  'textDocument/codeLens',
  'textDocument/willSaveWaitUntil',
  'symdap/verify',
  'unknown/request',
];

/** A value of a random, usually wrong, shape; `depth` bounds nesting. */
function junk(rng: Rng, depth: number): unknown {
  const atoms = [null, 0, -1, 1.5, 2 ** 53, '', 'x', 'file:///nope.sym', URI, true, false, [], {}];
  if (depth <= 0 || rng.chance(0.4)) return rng.pick(atoms);
  if (rng.chance(0.3)) return Array.from({ length: rng.int(0, 3) }, () => junk(rng, depth - 1));
  const keys = [
    'textDocument',
    'uri',
    'text',
    'version',
    'languageId',
    'contentChanges',
    'range',
    'start',
    'end',
    'line',
    'character',
    'position',
    'context',
    'settings',
    'id',
  ];
  const out: Record<string, unknown> = {};
  for (let i = rng.int(0, 4); i > 0; i--) out[rng.pick(keys)] = junk(rng, depth - 1);
  return out;
}

/** Params shaped almost like a real message's, with one part broken: what a buggy client sends. */
function nearMiss(rng: Rng, method: string): unknown {
  const doc = {
    uri: rng.chance(0.5) ? URI : `file:///tmp/symdap-lsp-fuzz/f${rng.int(0, 5)}.sym`,
    languageId: 'sym',
    version: rng.int(0, 9),
    text: PROGRAM,
  };
  const broken = { ...doc, [rng.pick(['uri', 'languageId', 'version', 'text'])]: junk(rng, 1) };
  if (rng.chance(0.2)) delete (broken as Record<string, unknown>)[rng.pick(['uri', 'text', 'version'])];
  if (method === 'textDocument/didChange') {
    return {
      textDocument: rng.chance(0.5) ? broken : { uri: URI, version: 99 },
      contentChanges: rng.chance(0.5) ? junk(rng, 2) : [{ range: junk(rng, 2), text: junk(rng, 0) }],
    };
  }
  return {
    textDocument: broken,
    position: rng.chance(0.5) ? junk(rng, 1) : { line: rng.int(-2, 5), character: rng.int(-2, 80) },
  };
}

describe('symdap lsp survives malformed messages', () => {
  let client: LspClient;
  beforeAll(async () => {
    client = startServer();
    await client.initialize();
    const clean = client.diagnostics(ALIVE_URI, () => true);
    client.open(ALIVE_URI, PROGRAM);
    client.open(URI, PROGRAM);
    await clean;
  }, 30_000);
  afterAll(async () => {
    await client.stop();
  });

  const alive = async (what: string): Promise<void> => {
    const exited = new Promise<never>((_, reject) => {
      if (client.child.exitCode !== null) reject(new Error(`the server exited (${client.child.exitCode}) ${what}`));
      client.child.once('exit', (code) => reject(new Error(`the server exited (${code}) ${what}`)));
    });
    const answer = client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: ALIVE_URI } });
    const symbols = (await Promise.race([answer, exited])) as DocumentSymbol[] | null;
    expect(client.child.exitCode, what).toBeNull();
    expect(
      symbols?.map((s) => s.name),
      what,
    ).toEqual(['main']);
  };

  it('the didOpen of issue 21 (text a number, text missing) is ignored and the server answers', async () => {
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: 'file:///a.sym', languageId: 'sym', version: 1, text: 42 },
    });
    void client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: 'file:///b.sym', languageId: 'sym', version: 1 },
    });
    await alive('after the didOpen of issue 21');
  });

  it('frames whose body is not JSON', async () => {
    for (const body of ['{', 'not json', '[1,2', '{"jsonrpc":"2.0","method":', '\u0000\u0001']) {
      client.child.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    }
    await alive('after frames that are not JSON');
  });

  it(
    `${MESSAGES} malformed notifications and requests, answered after every ${BATCH}`,
    { timeout: 300_000 },
    async () => {
      const rng = new Rng(2121);
      const answered = { errors: 0, results: 0 };
      for (let sent = 0; sent < MESSAGES; sent += BATCH) {
        const pending: Promise<unknown>[] = [];
        for (let i = 0; i < BATCH; i++) {
          const request = rng.chance(0.5);
          const method = rng.pick(request ? REQUESTS : NOTIFICATIONS);
          const params = rng.chance(0.5) ? nearMiss(rng, method) : junk(rng, 3);
          if (!request) {
            void client.connection.sendNotification(method, params as object);
            continue;
          }
          pending.push(
            client.connection.sendRequest(method, params as object).then(
              () => answered.results++,
              () => answered.errors++,
            ),
          );
        }
        await Promise.all(pending);
        await alive(`after message ${sent + BATCH}`);
      }
      // Every request got a response (an error for most), none went unanswered.
      expect(answered.errors + answered.results).toBeGreaterThan(MESSAGES / 3);
      expect(answered.errors).toBeGreaterThan(0);
    },
  );
});

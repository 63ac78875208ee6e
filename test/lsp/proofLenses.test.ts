// What a proof rests on, in the editor (issue 25), through the real server and a real LSP
// client: after a verification, a code lens above each check that holds names the lines its
// proof rests on, a hover at the check lists them with their reasons, an edit takes them away
// (they describe the saved text), and the setting `proofLenses: false` leaves them out.

import { afterEach, describe, expect, it } from 'vitest';
import type { CodeLens, Hover } from 'vscode-languageserver-protocol/node';
import { startServer, type LspClient } from './lspClient';
import { WEAK_INVARIANT } from '../support/whyPrograms';

const PROGRAM = `proc main(x: int, y: int)
  requires x > 0
  requires y > 5
{
  var z: int := x + 1;
  if (y > 10) {
    assert z > 1;
  }
  assert y > 2;
}
`;

let client: LspClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

async function verified(options: Record<string, unknown> = {}): Promise<{ c: LspClient; uri: string }> {
  const c = startServer();
  client = c;
  await c.initialize({ initializationOptions: options });
  const uri = 'file:///tmp/symdap-lsp/proofs.sym';
  c.open(uri, PROGRAM);
  const reply = (await c.connection.sendRequest('symdap/verify', { textDocument: { uri } })) as { report?: unknown };
  expect(reply.report).toBeDefined();
  return { c, uri };
}

const lenses = (c: LspClient, uri: string): Promise<CodeLens[]> =>
  c.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });

const proofLenses = (ls: CodeLens[]): CodeLens[] => ls.filter((l) => /holds/.test(l.command?.title ?? ''));

describe('symdap lsp: proof dependencies', () => {
  it('a lens above each proved assertion names the lines it rests on; the hover gives their reasons', async () => {
    const { c, uri } = await verified();
    const byLine = new Map(proofLenses(await lenses(c, uri)).map((l) => [l.range.start.line + 1, l.command!.title]));
    // z > 1 rests on x > 0 (line 2: z is x + 1 by substitution), not on y; y > 2 on y > 5 (line 3).
    expect(byLine.get(7)).toBe('z > 1: holds by line 2');
    expect(byLine.get(9)).toBe('y > 2: holds by line 3');
    const hover = (await c.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 8, character: 2 },
    })) as Hover;
    const text = (hover.contents as { value: string }).value;
    expect(text).toMatch(/\*\*y > 2\*\* \(assert\) holds on \d+ paths?; it rests on:/);
    expect(text).toMatch(/- line 3: requires of main/);
    expect(text).not.toMatch(/line 2:/);
  }, 90_000);

  it('an edit takes the proof lenses away (they describe the saved text); the procedure lenses stay', async () => {
    const { c, uri } = await verified();
    expect(proofLenses(await lenses(c, uri)).length).toBe(2);
    await c.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: PROGRAM.replace('y > 2', 'y > 3') }],
    });
    const after = await lenses(c, uri);
    expect(proofLenses(after)).toEqual([]);
    expect(after.map((l) => l.command!.title)).toContain('Verify');
  }, 90_000);

  it("an invariant's lens names the check without its failure's words", async () => {
    const c = startServer();
    client = c;
    await c.initialize();
    const uri = 'file:///tmp/symdap-lsp/loop.sym';
    c.open(uri, WEAK_INVARIANT);
    await c.connection.sendRequest('symdap/verify', { textDocument: { uri } });
    const titles = proofLenses(await lenses(c, uri)).map((l) => [l.range.start.line + 1, l.command!.title]);
    expect(titles).toContainEqual([7, 'invariant i <= 3 on entry: holds with no fact needed']);
    expect(titles.map(([, t]) => t).join('\n')).not.toMatch(/may not/);
  }, 90_000);

  it('proofLenses: false leaves them out', async () => {
    const { c, uri } = await verified({ proofLenses: false });
    expect(proofLenses(await lenses(c, uri))).toEqual([]);
  }, 90_000);
});

// `symdap verify` text output explains a permission failure the way the debugger does (one
// formatter, engine/verify/permissionHistory.ts): where the path lost the permission, or that it
// is folded inside a held predicate instance. `--json` carries the same sentence.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';

const LOST =
  'class Cell { var x: int; }\nproc clear(c: Cell)\n  requires acc(c.x)\n{\n  c.x := 0;\n}\nproc main(c: Cell)\n  requires acc(c.x)\n{\n  clear(c);\n  c.x := 1;\n}\n';
const FOLDED =
  'class Cell { var x: int; }\npredicate p(c: Cell) {\n  acc(c.x)\n}\nproc main(c: Cell)\n  requires p(c)\n{\n  var y := c.x;\n}\n';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-history-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function verify(name: string, source: string, ...flags: string[]): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, source);
  const io = bufferIO();
  expect(await main(['verify', ...flags, file], io)).toBe(1);
  return io.stdout();
}

describe.each(['explore', 'modular'])('symdap verify explains a missing permission (%s)', (mode) => {
  test('a permission a call consumed: held until the call line', async () => {
    const out = await verify('lost.sym', LOST, '--mode', mode);
    const lines = out.split('\n');
    const at = lines.findIndex((l) => l.endsWith(':11:3: insufficient permission: acc(c.x) is not held to write c.x'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe(
      "  acc(c.x) was held until line 10: the call clear(c) consumed it, and clear's ensures does not give it back",
    );
  });

  test('a permission folded inside a held instance says so', async () => {
    const out = await verify('folded.sym', FOLDED, '--mode', mode);
    expect(out).toContain('\n  acc(c.x) is held, but it is folded inside p(c): unfold it first\n');
  });

  test('--json carries the explanation on the failure', async () => {
    const report = JSON.parse(await verify('lost.json.sym', LOST, '--mode', mode, '--json'));
    expect(report.failures.map((f: { line: number; explanation?: string }) => [f.line, f.explanation])).toEqual([
      [11, "acc(c.x) was held until line 10: the call clear(c) consumed it, and clear's ensures does not give it back"],
    ]);
  });
});

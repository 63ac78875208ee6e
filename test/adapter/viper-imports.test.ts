// The debugger shows one file's lines and reads no file but the program it launches
// (docs/security.md): a `.vpr` program that imports another is refused by name at its
// `import`, the imported file never read. A real session through DebugClient.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSession, type Harness } from './sessionHarness';

let h: Harness;
let dir: string;
beforeEach(async () => {
  h = await openSession();
  dir = await mkdtemp(path.join(tmpdir(), 'symdap-dap-imports-'));
});
afterEach(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

test('launching a .vpr program with an import is refused by name', async () => {
  const program = path.join(dir, 'main.vpr');
  await writeFile(path.join(dir, 'lib.vpr'), 'function one(): Int\n  ensures result == 1\n');
  await writeFile(program, 'import "lib.vpr"\nmethod m() { assert one() == 1 }\n');
  await h.dc.initializeRequest({ adapterID: 'symdap' });
  await expect(h.dc.launch({ program, entry: 'm' })).rejects.toThrow(
    /main\.vpr:1:1: unsupported Viper feature: imports here/,
  );
});

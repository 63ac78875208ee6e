// Until the symbolic engine has a heap, every symbolic entry point refuses a program with
// objects with one clear file:line:col error (and never crashes): `symdap verify` (through
// verifySource, shared with the editor's Verify command) and the debugger's launch. The
// concrete side (`symdap run`) is covered by concrete-heap.test.ts.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchDebuggee } from '../../src/adapter/runtime/debuggee';
import { BreakpointTable, ExceptionFilters } from '../../src/adapter/runtime/breakpoints';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';
import { verifySource } from '../../src/engine/verifySource';
import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';

const HEAP = 'proc main() {\n}\nfunction one(): int\n{\n  1\n}\nclass Cell {\n  var x: int;\n}\n';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'symdap-heap-guard-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('the symbolic engine refuses heap programs cleanly', () => {
  test('verifySource: an error report and one diagnostic at the first heap declaration', async () => {
    const out = await verifySource(HEAP, 'h.sym');
    expect(out.report.verdict).toBe('error');
    expect(out.diagnostics.map((d) => `${d.file}:${d.span.line}:${d.span.col}: ${d.message}`)).toEqual([
      'h.sym:3:10: the symbolic engine does not support objects yet (function one)',
    ]);
  });

  test('a heap-free program is not affected', async () => {
    expect((await verifySource('proc main() {\n  assert 1 == 1;\n}\n', 'p.sym')).report.verdict).toBe('verified');
  });

  test('symdap verify prints the error and exits 2', async () => {
    const file = join(dir, 'cell.sym');
    await writeFile(file, 'class Cell {\n  var x: int;\n}\nproc main() {\n  var c: Cell := new Cell;\n}\n');
    const io = bufferIO();
    expect(await main(['verify', file], io)).toBe(2);
    expect(io.stderr()).toContain(`${file}:1:7: error: the symbolic engine does not support objects yet (class Cell)`);
  });

  test('the debugger does not launch, and says why', async () => {
    const file = join(dir, 'debug.sym');
    await writeFile(file, 'class Cell {\n}\nproc main() {\n}\n');
    const { args, errors } = validateLaunchArgs({ program: file });
    expect(errors).toEqual([]);
    const out = await launchDebuggee(args!, new BreakpointTable(), new ExceptionFilters());
    expect(out).toEqual({ ok: false, messages: [`${file}:1:7: error: the symbolic engine does not support objects yet (class Cell)`] });
  });
});

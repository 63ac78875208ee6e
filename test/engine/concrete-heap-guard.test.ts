// The heap features the symbolic engine does not handle yet (rules/heap/heapGuard.ts) are refused with
// one clear file:line:col error (never a crash) by every symbolic entry point: `symdap verify`
// (through verifySource, shared with the editor's Verify command) and the debugger's launch.
// Fields, `new` and `acc` in contracts run (heap-*.test.ts).

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchDebuggee } from '../../src/adapter/runtime/launch';
import { BreakpointTable, ExceptionFilters } from '../../src/adapter/runtime/breakpoints';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';
import { verifySource } from '../../src/engine/verify/verifySource';
import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';

const FUNCTION =
  'class Node { var next: Node; }\npredicate p(n: Node) {\n  acc(n.next)\n}\nfunction one(n: Node): int[][]\n  requires p(n)\n{\n  unfolding p(n) in (n.next == null ? [] : one(n.next))\n}\nproc main() {\n}\n';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symdap-heap-guard-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusal(source: string, mode: 'explore' | 'modular' = 'explore'): Promise<string[]> {
  const out = await verifySource(source, 'h.sym', { mode });
  expect(out.report.verdict).toBe('error');
  return out.diagnostics.map((d) => `${d.file}:${d.span.line}:${d.span.col}: ${d.message}`);
}

describe('the symbolic engine refuses the heap features it lacks, cleanly', () => {
  test('a recursive function whose result is an array of arrays: one diagnostic at its name', async () => {
    expect(await refusal(FUNCTION)).toEqual([
      'h.sym:5:10: the symbolic engine does not support recursive functions whose results are arrays of arrays yet (function one)',
    ]);
  });

  test('a heap-free program is not affected', async () => {
    expect((await verifySource('proc main() {\n  assert 1 == 1;\n}\n', 'p.sym')).report.verdict).toBe('verified');
  });

  test('symdap verify prints the error and exits 2', async () => {
    const file = join(dir, 'fn.sym');
    await writeFile(file, FUNCTION);
    const io = bufferIO();
    expect(await main(['verify', file], io)).toBe(2);
    expect(io.stderr()).toContain(
      `${file}:5:10: error: the symbolic engine does not support recursive functions whose results are arrays of arrays yet (function one)`,
    );
  });

  test('the debugger does not launch, and says why', async () => {
    const file = join(dir, 'debug.sym');
    await writeFile(file, FUNCTION);
    const { args, errors } = validateLaunchArgs({ program: file });
    expect(errors).toEqual([]);
    const out = await launchDebuggee(args!, new BreakpointTable(), new ExceptionFilters());
    expect(out).toEqual({
      ok: false,
      messages: [
        `${file}:5:10: error: the symbolic engine does not support recursive functions whose results are arrays of arrays yet (function one)`,
      ],
    });
  });
});

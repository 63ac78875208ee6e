// The CLI reads program files synchronously (readSourceFileSync): it must refuse and report
// exactly as the asynchronous reader the debugger uses, file kind and size checked first.

import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSourceFile, readSourceFileSync } from '../../src/lang/sourceFile';

describe('readSourceFileSync', () => {
  const dir = mkdtempSync(join(tmpdir(), 'symdap-source-sync-'));
  const program = join(dir, 'p.sym');
  writeFileSync(program, 'proc main() { assert 1 == 1; }\n');
  const big = join(dir, 'big.sym');
  writeFileSync(big, 'x'.repeat(100));

  const cases: [string, string, number | undefined][] = [
    ['a program', program, undefined],
    ['a directory', dir, undefined],
    ['a missing file', join(dir, 'missing.sym'), undefined],
    ['a file over the cap', big, 10],
    ['a file exactly at the cap', big, 100],
    ...(existsSync('/dev/zero') ? [['a device', '/dev/zero', undefined] as [string, string, undefined]] : []),
  ];

  for (const [what, path, cap] of cases) {
    it(`reads or refuses ${what} as the async reader does`, async () => {
      expect(readSourceFileSync(path, cap)).toEqual(await readSourceFile(path, cap));
    });
  }

  it('returns the text of a program and says why it refuses', () => {
    expect(readSourceFileSync(program)).toEqual({ source: 'proc main() { assert 1 == 1; }\n' });
    expect(readSourceFileSync(dir)).toEqual({ error: 'cannot read file: a directory' });
    expect(readSourceFileSync(big, 10)).toEqual({
      error: 'cannot read file: the file has 100 bytes; the limit is 10 bytes',
    });
  });
});

// The files of `symdap verify A.sym B.sym DIR`: each argument in the order given, and for a
// directory every .sym file below it, sorted by path, so the output order never depends on
// the file system or on which worker finishes first.

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export async function verifyInputs(args: readonly string[]): Promise<{ files: string[]; error?: string }> {
  const files: string[] = [];
  for (const a of args) {
    const isDir = await stat(a).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isDir) {
      files.push(a);
      continue;
    }
    const found = (await readdir(a, { recursive: true }))
      .filter((f) => f.endsWith('.sym'))
      .map((f) => join(a, f))
      .sort();
    if (found.length === 0) return { files, error: `no .sym files under ${a}` };
    files.push(...found);
  }
  return { files: [...new Set(files)] };
}

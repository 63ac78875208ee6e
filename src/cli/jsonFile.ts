// Reading a JSON file named on the command line (`run --inputs`, `verify --seed`): through the
// same safe reader as programs (regular files, size cap), then parsed. Callers word the error.

import { readSourceFile } from '../lang/sourceFile';

export type JsonFile = { readonly json: unknown } | { readonly error: string; readonly unreadable: boolean };

export async function readJsonFile(path: string): Promise<JsonFile> {
  const read = await readSourceFile(path);
  if ('error' in read) return { error: read.error, unreadable: true };
  try {
    return { json: JSON.parse(read.source) as unknown };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), unreadable: false };
  }
}

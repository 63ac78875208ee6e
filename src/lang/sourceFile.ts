// Reading a program file safely, for the CLI commands and `launch`. The file's type and size
// are checked before a byte is read: a device (/dev/zero), a FIFO (opening it would block)
// or a directory is refused, and so is a file over the size cap. The launch request can
// come from any client that reaches the adapter, so it also insists on the `.sym` extension
// and its errors never quote the file's content unless it is a Sym program.

import { open, stat } from 'node:fs/promises';

/**
 * Program files: `symdap check/run/verify` (and, with a smaller cap, `launch`) read only regular
 * files up to this size, checked before reading, so `/dev/zero` or a huge log cannot fill the memory.
 */
export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

export type SourceRead = { readonly source: string } | { readonly error: string };

function kindOf(s: { isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a pipe';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The text of a regular file of at most `maxBytes`; `error` says why not (no file content in it). */
export async function readSourceFile(path: string, maxBytes = MAX_SOURCE_BYTES): Promise<SourceRead> {
  const tooLarge = (size: number): string => `the file has ${size} bytes; the limit is ${maxBytes} bytes`;
  try {
    const before = await stat(path);
    if (!before.isFile()) return { error: `cannot read file: ${kindOf(before)}` };
    if (before.size > maxBytes) return { error: `cannot read file: ${tooLarge(before.size)}` };
    const handle = await open(path, 'r');
    try {
      // The file may have been swapped or have grown since stat: read one byte past the cap.
      const buffer = Buffer.alloc(Math.min(maxBytes, before.size) + 1);
      let length = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
        if (bytesRead === 0 || (length += bytesRead) >= buffer.length) break;
      }
      if (length > maxBytes) return { error: `cannot read file: ${tooLarge(length)}` };
      if (length === buffer.length) return { error: 'cannot read file: it changed while being read' };
      return { source: buffer.toString('utf8', 0, length) };
    } finally {
      await handle.close();
    }
  } catch (e) {
    return { error: `cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}` };
  }
}

/** `launch` debugs Sym programs only: any other file is refused before it is opened. */
export function launchableProgram(path: string): string | undefined {
  return /\.sym$/i.test(path) ? undefined : `${path}: only .sym programs can be launched`;
}

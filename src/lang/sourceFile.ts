// Reading a program file safely, for the CLI commands and `launch`. The file's type and size
// are checked before a byte is read: a device (/dev/zero), a FIFO (opening it would block)
// or a directory is refused, and so is a file over the size cap. The launch request can
// come from any client that reaches the adapter, so it also insists on the `.sym` extension
// and its errors never quote the file's content unless it is a Sym program.

import { closeSync, openSync, promises as fsp, readSync, statSync, type Stats } from 'node:fs';

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

const tooLarge = (size: number, maxBytes: number): string => `cannot read file: the file has ${size} bytes; the limit is ${maxBytes} bytes`;

/** Why the file must not be opened (not a regular file, over the cap), or undefined. */
function refusal(before: Stats, maxBytes: number): string | undefined {
  if (!before.isFile()) return `cannot read file: ${kindOf(before)}`;
  return before.size > maxBytes ? tooLarge(before.size, maxBytes) : undefined;
}

/** The file may have been swapped or have grown since stat: the buffer holds one byte past the cap. */
function bufferFor(before: Stats, maxBytes: number): Buffer {
  return Buffer.alloc(Math.min(maxBytes, before.size) + 1);
}

function decoded(buffer: Buffer, length: number, maxBytes: number): SourceRead {
  if (length > maxBytes) return { error: tooLarge(length, maxBytes) };
  if (length === buffer.length) return { error: 'cannot read file: it changed while being read' };
  return { source: buffer.toString('utf8', 0, length) };
}

function failure(e: unknown): SourceRead {
  return { error: `cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}` };
}

/** The text of a regular file of at most `maxBytes`; `error` says why not (no file content in it). */
export async function readSourceFile(path: string, maxBytes = MAX_SOURCE_BYTES): Promise<SourceRead> {
  try {
    const before = await fsp.stat(path);
    const refused = refusal(before, maxBytes);
    if (refused !== undefined) return { error: refused };
    const handle = await fsp.open(path, 'r');
    try {
      const buffer = bufferFor(before, maxBytes);
      let length = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
        if (bytesRead === 0 || (length += bytesRead) >= buffer.length) break;
      }
      return decoded(buffer, length, maxBytes);
    } finally {
      await handle.close();
    }
  } catch (e) {
    return failure(e);
  }
}

/** `readSourceFile` without the event loop, for a command that has nothing else to do meanwhile:
 *  an async read starts libuv's thread pool and waits on it four times, several milliseconds
 *  of a short command's start-up (`symdap check` takes about 0.1 s in all). */
export function readSourceFileSync(path: string, maxBytes = MAX_SOURCE_BYTES): SourceRead {
  try {
    const before = statSync(path);
    const refused = refusal(before, maxBytes);
    if (refused !== undefined) return { error: refused };
    const fd = openSync(path, 'r');
    try {
      const buffer = bufferFor(before, maxBytes);
      let length = 0;
      for (;;) {
        const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
        if (bytesRead === 0 || (length += bytesRead) >= buffer.length) break;
      }
      return decoded(buffer, length, maxBytes);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return failure(e);
  }
}

/** `launch` debugs Sym programs only: any other file is refused before it is opened. */
export function launchableProgram(path: string): string | undefined {
  return /\.sym$/i.test(path) ? undefined : `${path}: only .sym programs can be launched`;
}

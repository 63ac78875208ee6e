// Reading a program file safely, for the CLI commands and `launch`. Links are resolved first
// and every check is on the file they lead to: its type and size are checked before a byte
// is read: a device (/dev/zero), a FIFO (opening it would block) or a directory is refused,
// and so is a file over the size cap; a program reader also insists on a program extension
// (.sym, .vpr) of that file, so `x.sym` linked to /etc/shadow is refused unread. The launch
// request can come from any client that reaches the adapter: errors never quote content.
// docs/security.md describes the whole policy.

import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  promises as fsp,
  readSync,
  realpathSync,
  statSync,
  type Stats,
} from 'node:fs';
import { extname } from 'node:path';

/** What a program reader accepts, after links are resolved (Viper's .vpr is read by src/lang/viper). */
export const PROGRAM_EXTENSIONS: readonly string[] = ['.sym', '.vpr'];

/** Opening never blocks (a FIFO swapped in after the check) and never follows a link swapped in. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/**
 * Program files: `symdap check/run/verify` (and, with a smaller cap, `launch`) read only regular
 * files up to this size, checked before reading, so `/dev/zero` or a huge log cannot fill the memory.
 */
export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

export type SourceRead = { readonly source: string } | { readonly error: string };

function kindOf(s: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a pipe';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

const tooLarge = (size: number, maxBytes: number): string =>
  `cannot read file: the file has ${size} bytes; the limit is ${maxBytes} bytes`;

/**
 * Why the file must not be opened (not a regular file, not a program when `extensions` are
 * given, over the cap), or undefined. `real` is the path with every link resolved.
 */
function refusal(real: string, before: Stats, maxBytes: number, extensions?: readonly string[]): string | undefined {
  if (!before.isFile()) return `cannot read file: ${kindOf(before)}`;
  if (extensions !== undefined && !extensions.includes(extname(real).toLowerCase())) return notAProgram(extensions);
  return before.size > maxBytes ? tooLarge(before.size, maxBytes) : undefined;
}

const notAProgram = (extensions: readonly string[]): string =>
  `cannot read file: not a ${extensions.join(' or ')} file (links are followed and the file they lead to must be one)`;

/** The file opened is the one checked: a swap between the check and the open is refused. */
function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && b.isFile();
}

const CHANGED: SourceRead = { error: 'cannot read file: it changed while being read' };

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
  return {
    error: `cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}`,
  };
}

/** The text of a regular file of at most `maxBytes`; `error` says why not (no file content in it). */
export async function readSourceFile(
  path: string,
  maxBytes = MAX_SOURCE_BYTES,
  extensions?: readonly string[],
): Promise<SourceRead> {
  try {
    const real = await fsp.realpath(path);
    const before = await fsp.stat(real);
    const refused = refusal(real, before, maxBytes, extensions);
    if (refused !== undefined) return { error: refused };
    const handle = await fsp.open(real, OPEN_FLAGS);
    try {
      if (!sameFile(before, await handle.stat())) return CHANGED;
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
export function readSourceFileSync(
  path: string,
  maxBytes = MAX_SOURCE_BYTES,
  extensions?: readonly string[],
): SourceRead {
  try {
    const real = realpathSync(path);
    const before = statSync(real);
    const refused = refusal(real, before, maxBytes, extensions);
    if (refused !== undefined) return { error: refused };
    const fd = openSync(real, OPEN_FLAGS);
    try {
      if (!sameFile(before, fstatSync(fd))) return CHANGED;
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

/** A program file's text: `readSourceFile` that also insists on a program extension after resolving links. */
export function readProgramFile(path: string, maxBytes = MAX_SOURCE_BYTES): Promise<SourceRead> {
  return readSourceFile(path, maxBytes, PROGRAM_EXTENSIONS);
}

export function readProgramFileSync(path: string, maxBytes = MAX_SOURCE_BYTES): SourceRead {
  return readSourceFileSync(path, maxBytes, PROGRAM_EXTENSIONS);
}

/**
 * `launch` debugs Sym programs only: any other file is refused before it is opened, by its
 * name and by the name of the file its links lead to (a missing file is left to the reader,
 * which says so). Nothing of the file's content, nor where the links lead, is in the message.
 */
export function launchableProgram(path: string): string | undefined {
  if (!/\.(sym|vpr)$/i.test(path)) return `${path}: only .sym and .vpr programs can be launched`;
  let real: string;
  try {
    real = realpathSync(path);
    // Not a regular file (a device, a directory): the reader refuses it by its kind.
    if (/\.(sym|vpr)$/i.test(real) || !statSync(real).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return `${path}: only .sym and .vpr programs can be launched (the file this link leads to is not one)`;
}

// The DAP base protocol on byte streams (stdio, TCP): `Content-Length: N\r\n\r\n` then N
// bytes of JSON. Stricter than @vscode/debugadapter's own reader, which skips a bad header
// and keeps buffering: here any byte that cannot start a DAP header, a header without a
// valid length, a header that never ends or a body that is not a JSON object is a framing
// error, and the caller closes the connection. A well-framed message over the size cap is
// skipped unread and answered with an error, so one request cannot end a stdio adapter.

import type { TransportLimits } from '../limits';

const HEADER_END = Buffer.from('\r\n\r\n');

export interface DecodeResult {
  /** Complete messages, in order: parsed JSON objects, or requests refused for their size. */
  readonly messages: readonly Decoded[];
  /** Set when the stream is malformed; messages before the fault are still returned. */
  readonly error?: string;
}

/** Parses one message body; a non-object (array, number, null) is as bad as invalid JSON. */
export function parseMessage(text: string): object | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'message body is not valid JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'message body is not a JSON object';
  return value;
}

export function encodeMessage(message: object): string {
  const json = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`;
}

/**
 * The only header lines DAP has: `Content-Length: N` (required) and `Content-Type: …`.
 * Anything else (an HTTP request line such as `POST /a:b HTTP/1.1`, a `Host:` header) is a
 * framing error, so another protocol aimed at the port (a browser's cross-site POST) is cut
 * off at its first bytes instead of being read as headers.
 */
const HEADER_NAMES = ['content-length', 'content-type'];
const HEADER_LINE = /^(content-length|content-type)[ \t]*:[ \t]*([\x20-\x7e]*)$/i;

/** Is `partial` (a header line still arriving) the start of a valid header line? */
function canStartHeaderLine(partial: string): boolean {
  const colon = partial.indexOf(':');
  const name = (colon < 0 ? partial : partial.slice(0, colon)).trimEnd().toLowerCase();
  if (colon < 0) return HEADER_NAMES.some((n) => n.startsWith(name)) && !/[ \t]\S/.test(partial);
  return HEADER_NAMES.includes(name) && /^[\x20-\x7e\t]*$/.test(partial.slice(colon + 1));
}

/** Checks the header block received so far (`complete`: its blank line has arrived). */
function headerProblem(header: string, complete: boolean): string | undefined {
  const lines = header.split('\r\n');
  const partial = complete ? undefined : lines.pop();
  for (const line of lines) if (!HEADER_LINE.test(line)) return `not a DAP header line: '${printable(line)}'`;
  if (partial !== undefined && !canStartHeaderLine(partial.replace(/\r$/, '')))
    return `not a DAP header line: '${printable(partial)}'`;
  return undefined;
}

function printable(text: string): string {
  return text.slice(0, 40).replace(/[^\x20-\x7e]/g, '?');
}

/** Reads the length out of a valid header block. */
function contentLength(header: string): number | string {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const m = HEADER_LINE.exec(line)!;
    if (m[1].toLowerCase() !== 'content-length') continue;
    const value = m[2].trim();
    if (!/^\d{1,15}$/.test(value)) return `bad Content-Length '${printable(value)}'`;
    length = Number(value);
  }
  return length === undefined ? 'header without Content-Length' : length;
}

/**
 * A well-framed message over the size cap. Its body is skipped without being buffered and
 * the request is answered with an error; `seq` and `command` are read from the ends of the
 * body (clients put them before or after `arguments`), when they are there.
 */
export class OversizeMessage {
  constructor(
    readonly length: number,
    readonly limit: number,
    readonly seq: number | undefined,
    readonly command: string | undefined,
  ) {}

  get reason(): string {
    return `request of ${this.length} bytes exceeds the ${this.limit}-byte message limit`;
  }
}

const EDGE_BYTES = 512;

const SEQ = /"seq"\s*:\s*(\d{1,15})\s*[,}]/g;
const COMMAND = /"command"\s*:\s*"([\w/.-]{1,100})"/g;

function matches(text: string, re: RegExp): string[] {
  return [...text.matchAll(re)].map((m) => m[1]);
}

/** The last key in the tail (after `arguments`), else the first in the head. */
function field(head: string, tail: string, re: RegExp): string | undefined {
  return matches(tail, re).at(-1) ?? matches(head, re)[0];
}

/** The refusal of a whole message body (a WebSocket frame) over the cap. */
export function oversizeBody(body: Buffer, limit: number): OversizeMessage {
  return oversize(
    body.length,
    limit,
    body.toString('latin1', 0, EDGE_BYTES),
    body.toString('latin1', Math.max(0, body.length - EDGE_BYTES)),
  );
}

function oversize(length: number, limit: number, head: string, tail: string): OversizeMessage {
  const seq = field(head, tail, SEQ);
  return new OversizeMessage(length, limit, seq === undefined ? undefined : Number(seq), field(head, tail, COMMAND));
}

export type Decoded = object | OversizeMessage;

type Step =
  | { readonly kind: 'wait' }
  | { readonly kind: 'header' }
  | { readonly kind: 'message'; readonly message: Decoded }
  | { readonly kind: 'error'; readonly error: string };

const WAIT: Step = { kind: 'wait' };

/** Incremental decoder for one connection: feed it chunks as they arrive. */
export class ContentLengthDecoder {
  private buffer: Buffer = Buffer.alloc(0);
  private bodyLength = -1;
  /** While skipping an oversize body: bytes left, and its first and last bytes. */
  private skip: { length: number; left: number; head: string; tail: string } | undefined;
  private failed = false;

  constructor(private readonly limits: TransportLimits) {}

  push(chunk: Buffer): DecodeResult {
    if (this.failed) return { messages: [], error: 'stream already failed' };
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const messages: Decoded[] = [];
    for (;;) {
      const step = this.skip ? this.skipBody() : this.bodyLength < 0 ? this.readHeader() : this.readBody();
      if (step.kind === 'wait') return { messages };
      if (step.kind === 'error') {
        this.failed = true;
        this.buffer = Buffer.alloc(0);
        return { messages, error: step.error };
      }
      if (step.kind === 'message') messages.push(step.message);
    }
  }

  private readHeader(): Step {
    const end = this.buffer.indexOf(HEADER_END);
    const header = this.buffer.toString(
      'latin1',
      0,
      end < 0 ? Math.min(this.buffer.length, this.limits.maxHeaderBytes + 1) : end,
    );
    const problem = headerProblem(header, end >= 0);
    if (problem) return { kind: 'error', error: problem };
    if (end < 0) {
      return this.buffer.length > this.limits.maxHeaderBytes
        ? { kind: 'error', error: 'header too long or missing its blank line' }
        : WAIT;
    }
    if (end > this.limits.maxHeaderBytes) return { kind: 'error', error: 'header too long' };
    const length = contentLength(header);
    if (typeof length === 'string') return { kind: 'error', error: length };
    this.buffer = this.buffer.subarray(end + HEADER_END.length);
    if (length > this.limits.maxMessageBytes) this.skip = { length, left: length, head: '', tail: '' };
    else this.bodyLength = length;
    return { kind: 'header' };
  }

  private readBody(): Step {
    if (this.buffer.length < this.bodyLength) return WAIT;
    const text = this.buffer.toString('utf8', 0, this.bodyLength);
    this.buffer = this.buffer.subarray(this.bodyLength);
    this.bodyLength = -1;
    const message = parseMessage(text);
    return typeof message === 'string' ? { kind: 'error', error: message } : { kind: 'message', message };
  }

  /** Drops the body of an oversize message as it arrives, keeping only its two ends. */
  private skipBody(): Step {
    const s = this.skip!;
    const take = Math.min(s.left, this.buffer.length);
    const part = this.buffer.toString('latin1', 0, take);
    if (s.head.length < EDGE_BYTES) s.head += part.slice(0, EDGE_BYTES - s.head.length);
    s.tail = (s.tail + part.slice(-EDGE_BYTES)).slice(-EDGE_BYTES);
    s.left -= take;
    this.buffer = this.buffer.subarray(take);
    if (s.left > 0) return WAIT;
    this.skip = undefined;
    return { kind: 'message', message: oversize(s.length, this.limits.maxMessageBytes, s.head, s.tail) };
  }
}

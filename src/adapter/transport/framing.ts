// The DAP base protocol on byte streams (stdio, TCP): `Content-Length: N\r\n\r\n` then N
// bytes of JSON. Stricter than @vscode/debugadapter's own reader, which skips a bad header
// and keeps buffering: here a header without a valid length, a length over the cap, a header
// that never ends or a body that is not a JSON object is a framing error, and the caller
// closes the connection.

import type { TransportLimits } from '../limits';

const HEADER_END = Buffer.from('\r\n\r\n');

export interface DecodeResult {
  /** Complete messages, in order (each a parsed JSON object). */
  readonly messages: readonly object[];
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

/** Reads the length out of a header block; every other header (Content-Type) is ignored. */
function contentLength(header: string, limits: TransportLimits): number | string {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) return `malformed header line '${line.slice(0, 40)}'`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,15}$/.test(value)) return `bad Content-Length '${value.slice(0, 40)}'`;
    length = Number(value);
  }
  if (length === undefined) return 'header without Content-Length';
  if (length > limits.maxMessageBytes) return `message of ${length} bytes exceeds the ${limits.maxMessageBytes}-byte limit`;
  return length;
}

type Step =
  | { readonly kind: 'wait' }
  | { readonly kind: 'header' }
  | { readonly kind: 'message'; readonly message: object }
  | { readonly kind: 'error'; readonly error: string };

const WAIT: Step = { kind: 'wait' };

/** Incremental decoder for one connection: feed it chunks as they arrive. */
export class ContentLengthDecoder {
  private buffer: Buffer = Buffer.alloc(0);
  private bodyLength = -1;
  private failed = false;

  constructor(private readonly limits: TransportLimits) {}

  push(chunk: Buffer): DecodeResult {
    if (this.failed) return { messages: [], error: 'stream already failed' };
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const messages: object[] = [];
    for (;;) {
      const step = this.bodyLength < 0 ? this.readHeader() : this.readBody();
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
    if (end < 0) {
      return this.buffer.length > this.limits.maxHeaderBytes ? { kind: 'error', error: 'header too long or missing its blank line' } : WAIT;
    }
    if (end > this.limits.maxHeaderBytes) return { kind: 'error', error: 'header too long' };
    const length = contentLength(this.buffer.toString('latin1', 0, end), this.limits);
    if (typeof length === 'string') return { kind: 'error', error: length };
    this.bodyLength = length;
    this.buffer = this.buffer.subarray(end + HEADER_END.length);
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
}

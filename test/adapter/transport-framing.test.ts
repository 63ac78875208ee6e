// The Content-Length framing of the stdio and TCP transports: messages split across and
// packed into chunks decode intact; every kind of malformed stream is an error, not a hang.

import { describe, expect, it } from 'vitest';
import {
  ContentLengthDecoder,
  OversizeMessage,
  encodeMessage,
  parseMessage,
} from '../../src/adapter/transport/framing';
import { DEFAULT_LIMITS, type TransportLimits } from '../../src/adapter/limits';

const SMALL: TransportLimits = { maxMessageBytes: 100, maxHeaderBytes: 64 };

function decodeAll(
  chunks: readonly (string | Buffer)[],
  limits = DEFAULT_LIMITS,
): { messages: object[]; error?: string } {
  const decoder = new ContentLengthDecoder(limits);
  const messages: object[] = [];
  for (const c of chunks) {
    const r = decoder.push(Buffer.isBuffer(c) ? c : Buffer.from(c, 'utf8'));
    messages.push(...r.messages);
    if (r.error) return { messages, error: r.error };
  }
  return { messages };
}

describe('Content-Length framing', () => {
  const a = { seq: 1, type: 'request', command: 'threads' };
  const b = { seq: 2, type: 'request', command: 'evaluate', arguments: { expression: 'x ≥ 0 — ünïcode' } };

  it('decodes messages packed into one chunk and split byte by byte', () => {
    const wire = encodeMessage(a) + encodeMessage(b);
    expect(decodeAll([wire]).messages).toEqual([a, b]);
    const bytes = Buffer.from(wire, 'utf8');
    const single = [...bytes].map((x) => Buffer.from([x]));
    expect(decodeAll(single)).toEqual({ messages: [a, b] });
  });

  it('counts the length in bytes, not characters', () => {
    const wire = encodeMessage(b);
    const declared = Number(/Content-Length: (\d+)/.exec(wire)![1]);
    expect(declared).toBe(Buffer.byteLength(JSON.stringify(b), 'utf8'));
    expect(declared).toBeGreaterThan(JSON.stringify(b).length);
  });

  it('ignores other headers and accepts any header case', () => {
    const body = JSON.stringify(a);
    const wire = `content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    expect(decodeAll([wire]).messages).toEqual([a]);
  });

  it.each([
    ['a non-numeric length', 'Content-Length: abc\r\n\r\n{}'],
    ['a negative length', 'Content-Length: -5\r\n\r\n{}'],
    ['no Content-Length', 'Content-Type: x\r\n\r\n{}'],
    ['a header line without a colon', 'hello world\r\n\r\n{}'],
    ['a body that is not JSON', 'Content-Length: 5\r\n\r\nhello'],
    ['a JSON body that is not an object', 'Content-Length: 2\r\n\r\n[]'],
  ])('rejects %s', (_what, wire) => {
    expect(decodeAll([wire]).error).toBeTruthy();
  });

  it('skips a body over the cap unbuffered and reports it with its seq and command, then goes on', () => {
    const big = {
      command: 'setBreakpoints',
      arguments: { lines: Array.from({ length: 40 }, (_, i) => i) },
      type: 'request',
      seq: 7,
    };
    const wire = encodeMessage(big) + encodeMessage(a);
    const r = decodeAll(
      [...Buffer.from(wire)].map((x) => Buffer.from([x])),
      SMALL,
    );
    expect(r.error).toBeUndefined();
    expect(r.messages).toHaveLength(2);
    const refused = r.messages[0] as OversizeMessage;
    expect(refused).toBeInstanceOf(OversizeMessage);
    expect([refused.seq, refused.command]).toEqual([7, 'setBreakpoints']);
    expect(refused.reason).toMatch(/exceeds the 100-byte message limit/);
    expect(r.messages[1]).toEqual(a);
    const header = decodeAll([`Content-Length: ${DEFAULT_LIMITS.maxMessageBytes + 1}\r\n\r\n`]);
    expect(header).toEqual({ messages: [] });
  });

  it('rejects a header that never ends instead of buffering forever', () => {
    const long = (n: number): string => `Content-Length: ${'1'.repeat(n - 16)}`;
    expect(decodeAll([long(65)], SMALL).error).toMatch(/header/);
    expect(decodeAll([long(64)], SMALL).error).toBeUndefined();
  });

  it.each([
    ['an HTTP request line', 'POST /a:b HTTP/1.1'],
    ['an HTTP GET', 'GET / HTTP/1.1\r\n'],
    ['a header DAP does not have', 'Host: 127.0.0.1:4711\r\n'],
    ['a TLS hello', '\x16\x03\x01'],
  ])('refuses %s at its first bytes, before any blank line', (_what, start) => {
    expect(decodeAll([start]).error).toMatch(/not a DAP header line/);
    expect(decodeAll([start.slice(0, 1)]).error).toMatch(/not a DAP header line/);
  });

  it('returns the messages before a fault, then stays failed', () => {
    const decoder = new ContentLengthDecoder(DEFAULT_LIMITS);
    const r = decoder.push(Buffer.from(encodeMessage(a) + 'garbage\r\n\r\n'));
    expect(r.messages).toEqual([a]);
    expect(r.error).toBeTruthy();
    expect(decoder.push(Buffer.from(encodeMessage(b))).messages).toEqual([]);
  });

  it('parseMessage accepts objects only', () => {
    expect(parseMessage('{"a":1}')).toEqual({ a: 1 });
    for (const bad of ['null', '42', '"s"', '[1]', '{', '']) expect(typeof parseMessage(bad)).toBe('string');
  });
});

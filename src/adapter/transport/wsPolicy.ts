// Who may open a WebSocket to the adapter. A debug adapter can read any file the user can,
// so a web page in the user's browser must not reach it: the upgrade request needs the
// session token, a Host header naming this machine (stops DNS rebinding), and, when a
// browser sends an Origin, one the user allowed with --allow-origin.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface WsPolicy {
  readonly token: string;
  readonly port: number;
  /** The address the server listens on; allowed in Host when it is a concrete address. */
  readonly listenHost: string;
  readonly allowedOrigins: readonly string[];
}

export type Admission =
  { readonly ok: true } | { readonly ok: false; readonly status: 400 | 401 | 403; readonly reason: string };

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = ['0.0.0.0', '::', '[::]'];

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** `::1` must appear as `[::1]` in a Host header and a URL. */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Compares digests so neither the content nor the length of the token leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function tokenOf(url: string | undefined, headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (auth && /^Bearer /i.test(auth)) return auth.slice('Bearer '.length).trim();
  const query = new URL(url ?? '/', 'http://localhost').searchParams.get('token');
  return query ?? undefined;
}

function hostAllowed(host: string | undefined, policy: WsPolicy): boolean {
  if (!host) return false;
  const names = WILDCARDS.includes(policy.listenHost) ? LOCAL_NAMES : [...LOCAL_NAMES, hostForUrl(policy.listenHost)];
  return names.some((n) => host.toLowerCase() === `${n.toLowerCase()}:${policy.port}`);
}

/**
 * Headers that decide admission must appear exactly once (Host) or at most once (Origin,
 * Authorization). Node keeps only the first of two Host or Origin headers, while a proxy or
 * the browser's own view may use the other: `Host: localhost` then `Host: evil.example`
 * must not pass as local.
 */
const SINGLE = ['host', 'origin', 'authorization'];

function repeatedHeader(rawHeaders: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (SINGLE.includes(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return SINGLE.find((n) => (counts.get(n) ?? 0) > 1);
}

export function admit(
  url: string | undefined,
  headers: IncomingHttpHeaders,
  policy: WsPolicy,
  rawHeaders: readonly string[],
): Admission {
  const repeated = repeatedHeader(rawHeaders);
  if (repeated) return { ok: false, status: 400, reason: `more than one ${repeated} header` };
  if (!hostAllowed(headers.host, policy))
    return { ok: false, status: 403, reason: 'Host header does not name this machine' };
  const origin = headers.origin;
  if (origin !== undefined && !policy.allowedOrigins.includes(origin)) {
    return { ok: false, status: 403, reason: `Origin '${origin}' is not allowed (see --allow-origin)` };
  }
  const token = tokenOf(url, headers);
  if (token === undefined || !sameToken(token, policy.token))
    return { ok: false, status: 401, reason: 'missing or wrong token' };
  return { ok: true };
}

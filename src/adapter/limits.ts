// Size caps for incoming DAP messages on every transport. A client (or anything that can
// reach the port) must not be able to make the adapter buffer without bound: a message over
// the cap, or a header that never ends, closes that one connection.

export interface TransportLimits {
  /** Largest accepted message body (the Content-Length value, or one WebSocket frame). */
  readonly maxMessageBytes: number;
  /** Longest header block accepted before the blank line that ends it. */
  readonly maxHeaderBytes: number;
}

/** DAP requests are small; 1 MiB leaves room for huge setBreakpoints lists and still caps memory. */
export const DEFAULT_LIMITS: TransportLimits = {
  maxMessageBytes: 1024 * 1024,
  maxHeaderBytes: 8 * 1024,
};

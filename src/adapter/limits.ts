// Every size cap of the debug adapter, in one place. A client (or anything that can reach
// the port) must not be able to make the adapter buffer, parse or compute without bound:
// input over a cap is refused with an error that names the cap, and the adapter goes on
// serving this and every other session.

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

/** Caps on what one request may ask of a session. */
export const REQUEST_LIMITS = {
  /**
   * Characters in an expression (evaluate, watch, hover, breakpoint condition, logpoint).
   * Parsing, checking and evaluating are linear-ish but run on the event loop that every
   * session of a server shares; 4,096 characters keep one request around a second at worst.
   */
  maxExpressionChars: 4096,
  /**
   * Solver time one `evaluate` may use in all (watch, hover, REPL `:sat`/`:valid`), whatever
   * the session's solverTimeout: the solver blocks every session of the process while it runs.
   */
  evaluateSolverBudgetMs: 5_000,
  /** Nodes in one `symdap/tree` answer, whatever `maxNodes` asks for. */
  maxTreeNodes: 20_000,
  /** Breakpoints in one setBreakpoints request (one per line of a very long file). */
  maxBreakpointsPerSource: 10_000,
} as const;

/**
 * Programs `launch` reads: the front end parses on the event loop every session of a server
 * shares, and 1 MiB (some 70,000 lines) parses in seconds, where 8 MiB would take a minute.
 */
export const MAX_LAUNCH_SOURCE_BYTES = 1024 * 1024;

// A path's trace: the lines it executed, as a persistent list shared between successors.
// Its own file, below state.ts, so that the join record can keep traces without importing
// the state that holds it.

export interface TraceEntry {
  readonly line: number;
  readonly prev: TraceEntry | null;
  readonly length: number;
}

export function extendTrace(trace: TraceEntry | null, line: number): TraceEntry {
  return { line, prev: trace, length: (trace?.length ?? 0) + 1 };
}

export function traceLines(trace: TraceEntry | null): number[] {
  const out: number[] = [];
  for (let t = trace; t; t = t.prev) out.push(t.line);
  return out.reverse();
}

// Counters of the solver pipeline: how many queries came in, how each was answered, and
// how long the backend took. One instance per Solver; snapshots are plain immutable data.

export interface SolverStats {
  /** Queries the engine asked (checkSat and model calls). */
  readonly queries: number;
  /** Calls into the backend (a query may need several: one per independent component). */
  readonly backendCalls: number;
  /** Queries answered without solving because the answer was evident (constants, a conjunct of pc). */
  readonly avoidedTrivial: number;
  /** Queries answered by the exact cache (or a cached unsat subset) without any backend call. */
  readonly avoidedCache: number;
  /** Queries answered by re-using a model (hint or recent) without any backend call. */
  readonly avoidedModelReuse: number;
  /** Queries decided by bounds propagation (bounds.ts) without any backend call. */
  readonly avoidedBounds: number;
  /** Cache lookups that hit, including those made while completing models. */
  readonly cacheHits: number;
  /** Wall-clock milliseconds spent inside the backend. */
  readonly solverMs: number;
  readonly timeouts: number;
  /** Backend answers of 'unknown' (timeouts included). */
  readonly unknowns: number;
  /** Exceptions caught inside the backend (each answered as 'unknown'). */
  readonly errors: number;
}

type Counter = Exclude<keyof SolverStats, 'solverMs'>;

/** Figures of a solver that has answered nothing (or of work that asked no solver). */
export function zeroSolverStats(): SolverStats {
  return {
    queries: 0,
    backendCalls: 0,
    avoidedTrivial: 0,
    avoidedCache: 0,
    avoidedModelReuse: 0,
    avoidedBounds: 0,
    cacheHits: 0,
    solverMs: 0,
    timeouts: 0,
    unknowns: 0,
    errors: 0,
  };
}

export class StatsCounter {
  private readonly counts: Record<keyof SolverStats, number> = { ...zeroSolverStats() };

  bump(counter: Counter): void {
    this.counts[counter] += 1;
  }

  addSolverMs(ms: number): void {
    this.counts.solverMs += ms;
  }

  snapshot(): SolverStats {
    return { ...this.counts };
  }
}

/** Share of queries answered without calling the backend. */
export function avoidedRatio(s: SolverStats): number {
  if (s.queries === 0) return 1;
  return avoidedQueries(s) / s.queries;
}

/** Queries answered without calling the backend, by any layer. */
export function avoidedQueries(s: SolverStats): number {
  return s.avoidedTrivial + s.avoidedCache + s.avoidedModelReuse + s.avoidedBounds;
}

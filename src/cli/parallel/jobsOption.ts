// `--jobs N`: how many worker threads `symdap verify` may use; by default one per core.

import { availableParallelism } from 'node:os';

/** More threads than this only add Z3 instances (~25 MB each) without adding cores. */
export const MAX_JOBS = 256;

export function jobsOption(value: string | undefined): { value: number; error?: string } {
  if (value === undefined) return { value: availableParallelism() };
  const n = Number(value);
  if (/^\d+$/.test(value.trim()) && Number.isInteger(n) && n >= 1 && n <= MAX_JOBS) return { value: n };
  return { value: 1, error: `option '--jobs' must be a whole number from 1 to ${MAX_JOBS}, got '${value}'` };
}

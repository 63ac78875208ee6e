// Entry point of the solver layer: build a pipeline over the chosen backend.

import { spawnSync } from 'child_process';
import { PipelineSolver } from './pipeline';
import type { BackendChoice, BackendName, Solver, SolverOptions } from './solver';
import { LazyZ3WasmBackend } from './lazyWasm';

export * from './solver';
export { avoidedRatio } from './stats';
export { evaluateUnder, satisfiesAll } from './modeleval';

export async function createSolver(opts: SolverOptions): Promise<Solver> {
  // The native backend's modules load only when it is chosen (start-up of every other run).
  const backend =
    opts.backend === 'z3-native'
      ? (await import('./z3native')).Z3NativeBackend.create({ memoryLimitMb: opts.memoryLimitMb })
      : new LazyZ3WasmBackend({
          memoryLimitMb: opts.memoryLimitMb,
          abortAtCheck: opts.abortAtCheck,
          keepLemmas: opts.keepLemmas,
        });
  return new PipelineSolver(backend, opts.timeoutMs);
}

/** `auto`: the native backend when a `z3` binary is on PATH (it starts in milliseconds where
 *  the WebAssembly module takes ~0.5 s: docs/performance.md), else the embedded one. */
export function resolveBackend(choice: BackendChoice): BackendName {
  return choice !== 'auto' ? choice : z3NativeAvailable() ? 'z3-native' : 'z3-wasm';
}

/** Is a `z3` binary on PATH? */
export function z3NativeAvailable(): boolean {
  try {
    const r = spawnSync('z3', ['-version'], { encoding: 'utf8', timeout: 5000 });
    return r.status === 0 && /Z3 version/i.test(r.stdout);
  } catch {
    return false;
  }
}

// The embedded backend as the pipeline first sees it: z3wasm.ts and the translation and
// model modules it pulls in (six modules) load with the first query that reaches Z3, not at
// start-up. Most runs answer every query before Z3 (docs/performance.md) and never load them.

import type { Term } from '../terms/term';
import { unknown, type CheckOptions, type SatResult, type SolverBackend } from './solver';
import type { Z3WasmBackend, Z3WasmOptions } from './z3wasm';

export class LazyZ3WasmBackend implements SolverBackend {
  readonly name = 'z3-wasm';
  private backend: Promise<Z3WasmBackend> | undefined;
  private disposed = false;

  constructor(private readonly opts: Z3WasmOptions) {}

  async check(assertions: readonly Term[], opts: CheckOptions): Promise<SatResult> {
    if (this.disposed) return unknown('solver disposed');
    this.backend ??= import('./z3wasm').then((m) => m.Z3WasmBackend.create(this.opts));
    const backend = await this.backend;
    // Disposed while the module loaded: the backend answers 'solver disposed' itself.
    if (this.disposed) backend.dispose();
    return backend.check(assertions, opts);
  }

  dispose(): void {
    this.disposed = true;
    void this.backend?.then((b) => b.dispose());
  }
}

// The embedded backend: z3-solver (WASM) through its synchronous low-level exports.
// One context and one incremental solver per session: each assertion sits in its own scope,
// so a new check pops to the longest common prefix with the previous assertion list and
// pushes the rest. `em._Z3_solver_check` is the raw synchronous export (the wrapper's
// solver_check hops threads and returns a Promise); z3-solver is pinned because of it.
// Any exception marks the session broken; the next check rebuilds it from a fresh module.

import type { Z3_ast, Z3_context, Z3_params, Z3_solver, Z3Core } from 'z3-solver';
import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { SymbolIndex } from './slicing';
import { errorMessage, unknown, type CheckOptions, type SatResult, type SolverBackend } from './solver';
import { Z3ModelReader } from './z3model';
import { Z3Translator } from './z3translate';

interface Z3Module {
  readonly Z3: Z3Core;
  /** The Emscripten module: raw `_Z3_*` exports. */
  readonly em: { _Z3_solver_check(ctx: Z3_context, s: Z3_solver): number };
}

const NO_TIMEOUT = 0xffffffff;

async function loadModule(): Promise<Z3Module> {
  const { init } = await import('z3-solver');
  return (await init()) as unknown as Z3Module;
}

/** One Z3 context with its solver, translation cache and assertion stack. */
class Session {
  readonly ctx: Z3_context;
  readonly solver: Z3_solver;
  readonly translator: Z3Translator;
  private readonly stack: Term[] = [];
  private timeoutMs = NO_TIMEOUT;

  constructor(private readonly mod: Z3Module) {
    const { Z3 } = mod;
    const cfg = Z3.mk_config();
    this.ctx = Z3.mk_context_rc(cfg);
    Z3.del_config(cfg);
    this.solver = Z3.mk_solver(this.ctx);
    Z3.solver_inc_ref(this.ctx, this.solver);
    this.translator = new Z3Translator(Z3, this.ctx);
  }

  check(assertions: readonly Term[], opts: CheckOptions, symbols: SymbolIndex): SatResult {
    const { Z3, em } = this.mod;
    this.setTimeout(opts.timeoutMs ?? NO_TIMEOUT);
    this.sync(assertions);
    const r = em._Z3_solver_check(this.ctx, this.solver);
    this.throwOnError();
    if (r === -1) return { status: 'unsat' };
    if (r !== 1) return unknown(Z3.solver_get_reason_unknown(this.ctx, this.solver) || 'unknown');
    if (!opts.wantModel) return { status: 'sat' };
    return { status: 'sat', model: this.readModel(symbols.symbolsOfAll(assertions)) };
  }

  dispose(): void {
    const { Z3 } = this.mod;
    this.translator.dispose();
    Z3.solver_dec_ref(this.ctx, this.solver);
    Z3.del_context(this.ctx);
  }

  /** Pop to the longest common prefix, then push and assert the rest, one scope each. */
  private sync(assertions: readonly Term[]): void {
    const { Z3 } = this.mod;
    let common = 0;
    while (common < this.stack.length && common < assertions.length && this.stack[common] === assertions[common]) common++;
    if (this.stack.length > common) {
      Z3.solver_pop(this.ctx, this.solver, this.stack.length - common);
      this.stack.length = common;
    }
    for (let i = common; i < assertions.length; i++) {
      const ast = this.translator.translate(assertions[i]);
      Z3.solver_push(this.ctx, this.solver);
      this.stack.push(assertions[i]);
      Z3.solver_assert(this.ctx, this.solver, ast);
      this.throwOnError();
    }
  }

  private setTimeout(ms: number): void {
    const { Z3 } = this.mod;
    const value = Math.max(1, Math.min(NO_TIMEOUT, Math.floor(ms)));
    if (value === this.timeoutMs) return;
    const params: Z3_params = Z3.mk_params(this.ctx);
    Z3.params_inc_ref(this.ctx, params);
    try {
      Z3.params_set_uint(this.ctx, params, Z3.mk_string_symbol(this.ctx, 'timeout'), value);
      Z3.solver_set_params(this.ctx, this.solver, params);
      this.throwOnError();
      this.timeoutMs = value;
    } finally {
      Z3.params_dec_ref(this.ctx, params);
    }
  }

  private readModel(symbols: readonly Term[]): Map<number, Value> {
    const { Z3 } = this.mod;
    const m = Z3.solver_get_model(this.ctx, this.solver);
    this.throwOnError();
    Z3.model_inc_ref(this.ctx, m);
    try {
      const reader = new Z3ModelReader(Z3, this.ctx, m);
      const model = new Map<number, Value>();
      for (const s of symbols) model.set(s.id, reader.read(s, this.translator.translate(s) as Z3_ast));
      return model;
    } finally {
      Z3.model_dec_ref(this.ctx, m);
    }
  }

  private throwOnError(): void {
    const code = this.mod.Z3.get_error_code(this.ctx);
    if (code !== 0) throw new Error(`Z3 error: ${this.mod.Z3.get_error_msg(this.ctx, code)}`);
  }
}

export class Z3WasmBackend implements SolverBackend {
  readonly name = 'z3-wasm';
  private readonly symbols = new SymbolIndex();
  private session: Session | undefined;
  private rebuilding: Promise<void> | undefined;
  private disposed = false;

  private constructor(private mod: Z3Module) {}

  static async create(): Promise<Z3WasmBackend> {
    return new Z3WasmBackend(await loadModule());
  }

  async check(assertions: readonly Term[], opts: CheckOptions): Promise<SatResult> {
    if (this.rebuilding) await this.rebuilding;
    if (this.disposed) return unknown('solver disposed');
    try {
      this.session ??= new Session(this.mod);
      return this.session.check(assertions, opts, this.symbols);
    } catch (e) {
      this.rebuilding ??= this.rebuild().finally(() => { this.rebuilding = undefined; });
      await this.rebuilding;
      return unknown(`solver error: ${errorMessage(e)}`);
    }
  }

  dispose(): void {
    this.disposed = true;
    this.dropSession();
  }

  /** A failed call may leave the WASM instance in any state: start over from a fresh one. */
  private async rebuild(): Promise<void> {
    this.dropSession();
    try {
      this.mod = await loadModule();
    } catch {
      // Keep the old module; the next check reports its own error.
    }
  }

  private dropSession(): void {
    const s = this.session;
    this.session = undefined;
    try {
      s?.dispose();
    } catch {
      // The context may already be unusable; it is abandoned with its module.
    }
  }
}

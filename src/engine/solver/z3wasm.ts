// The embedded backend: z3-solver (WASM) through its synchronous low-level exports.
// One context and one incremental solver per session: each assertion sits in its own scope,
// so a new check pops to the longest common prefix with the previous assertion list and
// pushes the rest. `em._Z3_solver_check` is the raw synchronous export (the wrapper's
// solver_check hops threads and returns a Promise); z3-solver is pinned because of it.
// A Z3 error (e.g. its memory limit, `memory_max_size`) drops the session; the module lives on.
// A WebAssembly abort (the 2 GB heap is exhausted, or any trap) kills the module: every
// later call into it blocks forever on a lock the aborted code held, so the dead module is
// never touched again (no dispose), its threads are terminated, and the next check loads a
// fresh instance (about 1 s).

import type { Z3_ast, Z3_context, Z3_params, Z3_solver, Z3Core } from 'z3-solver';
import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { SymbolIndex } from './slicing';
import { DEFAULT_Z3_MEMORY_LIMIT_MB, errorMessage, unknown, type CheckOptions, type SatResult, type SolverBackend } from './solver';
import { Z3ModelReader } from './z3model';
import { Z3Translator } from './z3translate';

interface Z3Module {
  readonly Z3: Z3Core;
  /** The Emscripten module: raw `_Z3_*` exports, its allocator and its thread pool. */
  readonly em: {
    _Z3_solver_check(ctx: Z3_context, s: Z3_solver): number;
    _malloc(bytes: number): number;
    PThread?: { terminateAllThreads(): void };
  };
}

export interface Z3WasmOptions {
  /** Z3's own memory limit in MB (global `memory_max_size`): above it a query answers
   *  unknown ("out of memory") instead of exhausting the 2 GB WebAssembly heap. */
  readonly memoryLimitMb?: number;
  /** Fault injection (tests): abort the WebAssembly instance during the n-th check (1-based). */
  readonly abortAtCheck?: number;
}

const NO_TIMEOUT = 0xffffffff;

async function loadModule(memoryLimitMb: number): Promise<Z3Module> {
  const { init } = await import('z3-solver');
  const mod = (await init()) as unknown as Z3Module;
  mod.Z3.global_param_set('memory_max_size', String(Math.max(1, Math.floor(memoryLimitMb))));
  return mod;
}

/** WebAssembly's trap error (the project's TypeScript lib has no WebAssembly typings). */
const RuntimeError = (globalThis as unknown as { WebAssembly: { RuntimeError: ErrorConstructor } }).WebAssembly.RuntimeError;

/** An Emscripten abort or a trap: the instance is dead. */
function isAbort(e: unknown): boolean {
  return e instanceof RuntimeError;
}

function crashReason(e: unknown): string {
  const msg = errorMessage(e);
  return /Cannot enlarge memory/.test(msg) ? 'its 2 GB WebAssembly heap is exhausted (OOM)' : msg.slice(0, 120);
}

/** Allocate past the end of the fixed heap: the real out-of-memory abort of the instance. */
function abortInstance(mod: Z3Module): never {
  mod.em._malloc(0x7fff_0000);
  throw new RuntimeError('Aborted(fault injection did not abort)');
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
  /** Undefined after an abort until the next check loads a fresh instance. */
  private mod: Z3Module | undefined;
  /** The fresh instance being loaded: concurrent checks wait for the same one. */
  private loading: Promise<Z3Module> | undefined;
  private checks = 0;
  private disposed = false;

  private constructor(mod: Z3Module, private readonly opts: Z3WasmOptions) {
    this.mod = mod;
  }

  static async create(opts: Z3WasmOptions = {}): Promise<Z3WasmBackend> {
    return new Z3WasmBackend(await loadModule(Z3WasmBackend.memoryLimit(opts)), opts);
  }

  private static memoryLimit(opts: Z3WasmOptions): number {
    return opts.memoryLimitMb ?? DEFAULT_Z3_MEMORY_LIMIT_MB;
  }

  async check(assertions: readonly Term[], opts: CheckOptions): Promise<SatResult> {
    if (this.disposed) return unknown('solver disposed');
    let mod: Z3Module;
    try {
      mod = this.mod ?? await this.reload();
    } catch (e) {
      return unknown(`solver error: cannot restart Z3: ${errorMessage(e)}`);
    }
    try {
      this.session ??= new Session(mod);
      if (++this.checks === this.opts.abortAtCheck) abortInstance(mod);
      return this.session.check(assertions, opts, this.symbols);
    } catch (e) {
      if (isAbort(e)) {
        this.abandonModule();
        return unknown(`solver error: Z3 crashed: ${crashReason(e)}; a fresh instance answers later queries`);
      }
      this.dropSession();
      return unknown(`solver error: ${errorMessage(e)}`);
    }
  }

  dispose(): void {
    this.disposed = true;
    this.dropSession();
    this.mod = undefined;
  }

  private async reload(): Promise<Z3Module> {
    this.loading ??= loadModule(Z3WasmBackend.memoryLimit(this.opts)).finally(() => { this.loading = undefined; });
    const mod = await this.loading;
    this.mod ??= mod;
    return this.mod;
  }

  /** Forget a dead instance without calling into it, and stop its threads. */
  private abandonModule(): void {
    this.session = undefined;
    const dead = this.mod;
    this.mod = undefined;
    try {
      dead?.em.PThread?.terminateAllThreads();
    } catch {
      // Terminating workers is best effort; the instance is unreachable either way.
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

// The embedded backend: z3-solver (WASM) through its synchronous low-level exports.
// One context and one incremental solver per session: each assertion sits in its own scope,
// so a new check pops to the longest common prefix with the previous assertion list and
// pushes the rest. `em._Z3_solver_check` is the raw synchronous export (the wrapper's
// solver_check hops threads and returns a Promise); z3-solver is pinned because of it.
// The WebAssembly module is loaded once per process (per memory limit) and shared by every
// solver; each solver has its own context in it. A module costs ~25 MB and worker threads
// that are never freed, so one per solver made a long-running `dap --server` grow with
// every finished session.
// Time limits: Z3's own `timeout` parameter starts a timer thread that polls the clock
// through Emscripten's thread proxy, ~9 ms per check even for trivial queries. So a check
// first runs under a small resource budget (`rlimit`: counted, no timer); only a query that
// exhausts it runs again under the time limit. Nearly all queries end in the first run.
// A query with its own resource budget (`CheckOptions.rlimit`) runs again under that budget
// instead, the time limit only a backstop: its verdict does not depend on the machine's load.
// A Z3 error (e.g. its memory limit, `memory_max_size`) drops the session; the module lives on.
// A WebAssembly abort (the 2 GB heap is exhausted, or any trap) kills the module: every
// later call into it blocks forever on a lock the aborted code held, so the dead module is
// never touched again (no dispose, by any solver), its threads are terminated, and the next
// check of any solver loads a fresh instance (about 1 s), the same one for all.

import type { Z3_ast, Z3_context, Z3_params, Z3_solver, Z3Core } from 'z3-solver';
import type { Term } from '../terms/term';
import type { Value } from '../terms/values';
import { SymbolIndex } from './slicing';
import {
  DEFAULT_Z3_MEMORY_LIMIT_MB,
  errorMessage,
  MBQI_MAX_ITERATIONS,
  unknown,
  type CheckOptions,
  type SatResult,
  type SolverBackend,
} from './solver';
import { GuardedAssertions, type AssumptionExports } from './z3guards';
import { Z3ModelReader } from './z3model';
import { Z3Translator } from './z3translate';

interface Z3Module {
  readonly Z3: Z3Core;
  /** The Emscripten module: raw `_Z3_*` exports, its allocator and its thread pool. */
  readonly em: AssumptionExports & {
    _Z3_solver_check(ctx: Z3_context, s: Z3_solver): number;
    PThread?: { terminateAllThreads(): void };
  };
}

export interface Z3WasmOptions {
  /** Z3's own memory limit in MB (global `memory_max_size`): above it a query answers
   *  unknown ("out of memory") instead of exhausting the 2 GB WebAssembly heap. */
  readonly memoryLimitMb?: number;
  /** Fault injection (tests): abort the WebAssembly instance during the n-th check (1-based). */
  readonly abortAtCheck?: number;
  /** Check under assumptions, never popping (z3guards.ts): for runs with synth functions. */
  readonly keepLemmas?: boolean;
}

const NO_TIMEOUT = 0xffffffff;
/** Z3 resource units of the first, timer-free attempt: a few milliseconds of solving. */
const QUICK_RLIMIT = 20_000;
/** rlimit 0: no resource limit. */
const NO_RLIMIT = 0;

async function loadModule(memoryLimitMb: number): Promise<Z3Module> {
  const { init } = await import('z3-solver');
  const mod = (await init()) as unknown as Z3Module;
  mod.Z3.global_param_set('memory_max_size', String(memoryLimitMb));
  mod.Z3.global_param_set('smt.mbqi.max_iterations', String(MBQI_MAX_ITERATIONS));
  return mod;
}

/** The shared module per memory limit (Z3's limit is global to a module). An entry is
 *  removed when its load fails or its module dies, so the next check loads a fresh one. */
const sharedModules = new Map<number, Promise<Z3Module>>();
/** Modules that aborted: no call may enter them again, not even to free a context. */
const deadModules = new WeakSet<Z3Module>();

function sharedModule(memoryLimitMb: number): Promise<Z3Module> {
  const existing = sharedModules.get(memoryLimitMb);
  if (existing) return existing;
  const loading: Promise<Z3Module> = loadModule(memoryLimitMb).catch((e: unknown) => {
    if (sharedModules.get(memoryLimitMb) === loading) sharedModules.delete(memoryLimitMb);
    throw e;
  });
  sharedModules.set(memoryLimitMb, loading);
  return loading;
}

/** Begin loading the shared module now, in the background (compilation is asynchronous), so
 *  that the first check finds it ready or nearly: for commands that may need Z3 (verify,
 *  dap, lsp). Resolves when the load has ended, loaded or not: a failed load left no entry,
 *  so the first check loads again and reports the error as its own. */
export function preloadZ3Wasm(memoryLimitMb: number = DEFAULT_Z3_MEMORY_LIMIT_MB): Promise<void> {
  return sharedModule(Math.max(1, Math.floor(memoryLimitMb))).then(
    () => undefined,
    () => undefined,
  );
}

/** Forget a dead module without calling into it, and stop its threads (once, whoever saw it die). */
function abandonModule(memoryLimitMb: number, dead: Z3Module): void {
  if (deadModules.has(dead)) return;
  deadModules.add(dead);
  // While a module lives its entry is the promise it came from, so this removes exactly it.
  sharedModules.delete(memoryLimitMb);
  try {
    dead.em.PThread?.terminateAllThreads();
  } catch {
    // Terminating workers is best effort; the instance is unreachable either way.
  }
}

/** WebAssembly's trap error (the project's TypeScript lib has no WebAssembly typings). */
const RuntimeError = (globalThis as unknown as { WebAssembly: { RuntimeError: ErrorConstructor } }).WebAssembly
  .RuntimeError;

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
  private rlimit = NO_RLIMIT;
  /** Present in keep-lemmas mode: assertions are guarded, never pushed. */
  private readonly guarded: GuardedAssertions | undefined;

  constructor(
    readonly mod: Z3Module,
    keepLemmas = false,
  ) {
    const { Z3 } = mod;
    const cfg = Z3.mk_config();
    this.ctx = Z3.mk_context_rc(cfg);
    Z3.del_config(cfg);
    this.solver = Z3.mk_solver(this.ctx);
    Z3.solver_inc_ref(this.ctx, this.solver);
    this.translator = new Z3Translator(Z3, this.ctx);
    this.guarded = keepLemmas
      ? new GuardedAssertions(Z3, mod.em, this.ctx, this.solver, this.translator, () => this.throwOnError())
      : undefined;
  }

  check(assertions: readonly Term[], opts: CheckOptions, symbols: SymbolIndex): SatResult {
    const { Z3 } = this.mod;
    const run = this.runner(assertions);
    const ms = opts.timeoutMs ?? NO_TIMEOUT;
    const r =
      opts.rlimit === undefined
        ? (this.quickCheck(run, QUICK_RLIMIT) ?? this.timedCheck(run, ms, NO_RLIMIT))
        : (this.quickCheck(run, Math.min(QUICK_RLIMIT, opts.rlimit)) ??
          (opts.rlimit > QUICK_RLIMIT ? this.timedCheck(run, ms, opts.rlimit) : 0));
    if (r === -1) return { status: 'unsat' };
    if (r !== 1) return unknown(Z3.solver_get_reason_unknown(this.ctx, this.solver) || 'unknown');
    if (!opts.wantModel) return { status: 'sat' };
    return { status: 'sat', model: this.readModel(symbols.symbolsOfAll(assertions)) };
  }

  dispose(): void {
    const { Z3 } = this.mod;
    this.guarded?.dispose();
    this.translator.dispose();
    Z3.solver_dec_ref(this.ctx, this.solver);
    Z3.del_context(this.ctx);
  }

  /** The raw check of `assertions`: under their guards, or after syncing the scope stack. */
  private runner(assertions: readonly Term[]): () => number {
    const guarded = this.guarded;
    if (guarded !== undefined) {
      const guards = guarded.guardsFor(assertions);
      return () => guarded.check(guards);
    }
    this.sync(assertions);
    return () => this.mod.em._Z3_solver_check(this.ctx, this.solver);
  }

  /** Pop to the longest common prefix, then push and assert the rest, one scope each. */
  private sync(assertions: readonly Term[]): void {
    const { Z3 } = this.mod;
    let common = 0;
    while (common < this.stack.length && common < assertions.length && this.stack[common] === assertions[common])
      common++;
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

  /** The check under `rlimit` units and no timer; undefined when the budget ran out. */
  private quickCheck(run: () => number, rlimit: number): number | undefined {
    const { Z3 } = this.mod;
    this.setParams(NO_TIMEOUT, rlimit);
    const r = run();
    this.throwOnError();
    if (r === 0 && /resource limit|canceled/i.test(Z3.solver_get_reason_unknown(this.ctx, this.solver)))
      return undefined;
    return r;
  }

  /** The check under the time limit (Z3's timer) and `rlimit` units (NO_RLIMIT: none). */
  private timedCheck(run: () => number, ms: number, rlimit: number): number {
    this.setParams(ms, rlimit);
    const r = run();
    this.throwOnError();
    return r;
  }

  private setParams(ms: number, rlimit: number): void {
    const { Z3 } = this.mod;
    const value = Math.max(1, Math.min(NO_TIMEOUT, Math.floor(ms)));
    if (value === this.timeoutMs && rlimit === this.rlimit) return;
    const params: Z3_params = Z3.mk_params(this.ctx);
    Z3.params_inc_ref(this.ctx, params);
    try {
      Z3.params_set_uint(this.ctx, params, Z3.mk_string_symbol(this.ctx, 'timeout'), value);
      Z3.params_set_uint(this.ctx, params, Z3.mk_string_symbol(this.ctx, 'rlimit'), rlimit);
      Z3.solver_set_params(this.ctx, this.solver, params);
      this.throwOnError();
      this.timeoutMs = value;
      this.rlimit = rlimit;
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
      for (const s of symbols) {
        const v = reader.read(s, this.translator.translate(s) as Z3_ast);
        if (v !== undefined) model.set(s.id, v);
      }
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
  /** This solver's context, in the shared module it was made in. */
  private session: Session | undefined;
  private checks = 0;
  private disposed = false;

  private constructor(
    private readonly memoryLimitMb: number,
    private readonly opts: Z3WasmOptions,
  ) {}

  /** Does not load Z3: the first check that reaches the backend does (about 1 s), so runs
   *  whose queries are all answered before Z3 never pay for it. */
  static async create(opts: Z3WasmOptions = {}): Promise<Z3WasmBackend> {
    const memoryLimitMb = Math.max(1, Math.floor(opts.memoryLimitMb ?? DEFAULT_Z3_MEMORY_LIMIT_MB));
    return new Z3WasmBackend(memoryLimitMb, opts);
  }

  async check(assertions: readonly Term[], opts: CheckOptions): Promise<SatResult> {
    if (this.disposed) return unknown('solver disposed');
    let mod: Z3Module;
    try {
      // Tested right after the last await: a check that got the module while another one
      // killed it (both were waiting for it) takes the fresh one instead.
      do mod = await sharedModule(this.memoryLimitMb);
      while (deadModules.has(mod));
    } catch (e) {
      return unknown(`solver error: cannot restart Z3: ${errorMessage(e)}`);
    }
    if (this.disposed) return unknown('solver disposed');
    // A context in a module that died (here or in another solver) is forgotten, never freed.
    if (this.session && this.session.mod !== mod) this.session = undefined;
    try {
      this.session ??= new Session(mod, this.opts.keepLemmas ?? false);
      if (++this.checks === this.opts.abortAtCheck) abortInstance(mod);
      return this.session.check(assertions, opts, this.symbols);
    } catch (e) {
      if (isAbort(e)) {
        this.session = undefined;
        abandonModule(this.memoryLimitMb, mod);
        return unknown(`solver error: Z3 crashed: ${crashReason(e)}; a fresh instance answers later queries`);
      }
      this.dropSession();
      return unknown(`solver error: ${errorMessage(e)}`);
    }
  }

  /** Frees this solver's context only: the shared module and its threads serve the others. */
  dispose(): void {
    this.disposed = true;
    this.dropSession();
  }

  private dropSession(): void {
    const s = this.session;
    this.session = undefined;
    if (!s || deadModules.has(s.mod)) return;
    try {
      s.dispose();
    } catch {
      // The context may already be unusable; it is abandoned with its module.
    }
  }
}

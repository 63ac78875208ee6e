// The native backend: one `z3` process fed SMT-LIB2 (terms printed by terms/smtlib.ts).
// Like the WASM backend it keeps one scope per assertion and pops to the longest common
// prefix. Declarations are global (`:global-declarations`), so each symbol is declared once
// per process. Any error or the death of the process answers `unknown`; the next check
// starts a fresh process. Checks are serialised: the pipe protocol is strictly sequential.

import type { Sort, Term } from '../terms/term';
import { defaultValue, type Value } from '../terms/values';
import { declaration, functionDeclaration, smtName, sortDeclaration, toSmtLib } from '../terms/smtlib';
import { uninterpretedDecls } from '../terms/uninterpreted';
import { parseSExprs, stringValue, type SExpr } from './sexpr';
import { SymbolIndex } from './slicing';
import { LambdaArray, parseValue, show, UnreadCollection } from './smtvalue';
import {
  DEFAULT_Z3_MEMORY_LIMIT_MB,
  errorMessage,
  MBQI_MAX_ITERATIONS,
  unknown,
  type CheckOptions,
  type SatResult,
  type SolverBackend,
} from './solver';
import { Z3Process } from './z3process';

const NO_TIMEOUT = 0xffffffff;
/** A query with a resource budget (`CheckOptions.rlimit`) runs here under this time limit
 *  instead: Debian's z3 4.8.12 reads `rlimit`, but once a check stops on it the CLI answers
 *  every later command with `canceled`, so its step counting cannot be used per query. */
const STEP_LIMITED_TIMEOUT_MS = 2000;
const PRELUDE = [
  '(set-option :print-success false)',
  '(set-option :global-declarations true)',
  '(set-option :produce-models true)',
].join('\n');

/** Parse z3's output; `(error …)` anywhere is a failure. */
function answers(out: string): SExpr[] {
  const exprs = parseSExprs(out);
  for (const e of exprs) {
    if (Array.isArray(e) && e[0] === 'error') throw new Error(`z3: ${stringValue(e[1] ?? '')}`);
  }
  return exprs;
}

/** The declare-sort and declare-fun commands the terms need, by `sort D` / `fun f`: sorts first. */
function uninterpretedDeclarations(terms: readonly Term[]): [string, string][] {
  const u = uninterpretedDecls(terms);
  if (u.sorts.size === 0 && u.functions.size === 0) return [];
  return [
    ...[...u.sorts.keys()].map((n): [string, string] => [`sort ${n}`, sortDeclaration(n)]),
    ...[...u.functions].map(([n, app]): [string, string] => [`fun ${n}`, functionDeclaration(app)]),
  ];
}

/** One z3 process with its assertion stack and declared symbols. */
class NativeSession {
  private readonly proc: Z3Process;
  private readonly stack: Term[] = [];
  /** Declared symbols by name: a name is bound to one term (one store) per process. */
  private readonly declared = new Map<string, Term>();
  /** Declared uninterpreted sorts and functions: by `sort D` / `fun f`, the declaration's text. */
  private readonly declaredUninterpreted = new Map<string, string>();
  private timeoutMs = -1;
  private started = false;

  constructor(memoryLimitMb: number) {
    this.proc = new Z3Process('z3', [
      `memory_max_size=${Math.max(1, Math.floor(memoryLimitMb))}`,
      `smt.mbqi.max_iterations=${MBQI_MAX_ITERATIONS}`,
    ]);
  }

  get alive(): boolean {
    return this.proc.alive;
  }

  async check(assertions: readonly Term[], opts: CheckOptions, symbols: SymbolIndex): Promise<SatResult> {
    const ms =
      opts.rlimit === undefined ? opts.timeoutMs : Math.min(opts.timeoutMs ?? NO_TIMEOUT, STEP_LIMITED_TIMEOUT_MS);
    const timeout = Math.max(1, Math.min(NO_TIMEOUT, Math.floor(ms ?? NO_TIMEOUT)));
    // The watchdog only guards against a z3 that ignores its own timeout.
    const watchdog = ms === undefined ? undefined : 2 * ms + 5000;
    const out = await this.proc.run(`${this.prepare(assertions, timeout, symbols)}\n(check-sat)`, watchdog);
    const verdict = answers(out).pop();
    if (verdict === 'unsat') return { status: 'unsat' };
    if (verdict === 'unknown') return unknown(await this.reasonUnknown());
    if (verdict !== 'sat') throw new Error(`unexpected answer from z3: ${out.slice(0, 200)}`);
    if (!opts.wantModel) return { status: 'sat' };
    return { status: 'sat', model: await this.readModel(symbols.symbolsOfAll(assertions)) };
  }

  dispose(): void {
    this.proc.kill();
  }

  /** False when a symbol name is already declared for another term (terms of another store). */
  accepts(assertions: readonly Term[], symbols: SymbolIndex): boolean {
    for (const s of symbols.symbolsOfAll(assertions)) {
      const known = this.declared.get(s.symbol!.name);
      if (known !== undefined && known !== s) return false;
    }
    // A function of one name with another signature (another program's domain).
    for (const [key, text] of uninterpretedDeclarations(assertions)) {
      const known = this.declaredUninterpreted.get(key);
      if (known !== undefined && known !== text) return false;
    }
    return true;
  }

  /** Commands bringing z3's assertion stack to `assertions`. */
  private prepare(assertions: readonly Term[], timeout: number, symbols: SymbolIndex): string {
    const cmds: string[] = [];
    if (!this.started) {
      cmds.push(PRELUDE);
      this.started = true;
    }
    if (timeout !== this.timeoutMs) {
      cmds.push(`(set-option :timeout ${timeout})`);
      this.timeoutMs = timeout;
    }
    let common = 0;
    while (common < this.stack.length && common < assertions.length && this.stack[common] === assertions[common])
      common++;
    if (this.stack.length > common) cmds.push(`(pop ${this.stack.length - common})`);
    this.stack.length = common;
    for (let i = common; i < assertions.length; i++) {
      for (const [key, text] of uninterpretedDeclarations([assertions[i]])) {
        if (!this.declaredUninterpreted.has(key)) {
          cmds.push(text);
          this.declaredUninterpreted.set(key, text);
        }
      }
      for (const s of symbols.symbolsOf(assertions[i])) {
        if (!this.declared.has(s.symbol!.name)) {
          cmds.push(declaration(s));
          this.declared.set(s.symbol!.name, s);
        }
      }
      cmds.push('(push 1)', `(assert ${toSmtLib(assertions[i])})`);
      this.stack.push(assertions[i]);
    }
    return cmds.join('\n');
  }

  private async reasonUnknown(): Promise<string> {
    const [info] = answers(await this.proc.run('(get-info :reason-unknown)'));
    return Array.isArray(info) && info.length >= 2 ? stringValue(info[1]) : 'unknown';
  }

  private async readModel(syms: readonly Term[]): Promise<Map<number, Value>> {
    const model = new Map<number, Value>();
    if (syms.length === 0) return model;
    const names = syms.map((s) => smtName(s.symbol!.name));
    const pairs = await this.getValues(names);
    for (let i = 0; i < syms.length; i++) {
      try {
        model.set(syms[i].id, parseValue(pairs[i], syms[i].sort));
      } catch (e) {
        if (e instanceof UnreadCollection) continue;
        if (!(e instanceof LambdaArray) || (syms[i].sort.kind !== 'array' && syms[i].sort.kind !== 'set')) throw e;
        model.set(syms[i].id, await this.sampleArray(names[i], syms[i], e.indices));
      }
    }
    return model;
  }

  /** A lambda-valued array read at the given indices; the default is the element default. */
  private async sampleArray(name: string, sym: Term, indices: readonly bigint[]): Promise<Value> {
    const elem: Sort =
      sym.sort.kind === 'array' ? sym.sort.elem : sym.sort.kind === 'set' ? { kind: 'bool' } : sym.sort;
    const selects = indices.map((i) => `(select ${name} ${i < 0n ? `(- ${-i})` : i})`);
    const values = selects.length === 0 ? [] : await this.getValues(selects);
    const entries = new Map<bigint, Value>();
    indices.forEach((i, k) => entries.set(i, parseValue(values[k], elem)));
    return { kind: 'array', entries, default: defaultValue(elem) };
  }

  private async getValues(exprs: readonly string[]): Promise<SExpr[]> {
    const [list] = answers(await this.proc.run(`(get-value (${exprs.join(' ')}))`));
    if (!Array.isArray(list) || list.length !== exprs.length)
      throw new Error(`bad get-value answer: ${show(list ?? '')}`);
    return list.map((pair) => (Array.isArray(pair) && pair.length === 2 ? pair[1] : pair));
  }
}

export class Z3NativeBackend implements SolverBackend {
  readonly name = 'z3-native';
  private readonly symbols = new SymbolIndex();
  private session: NativeSession | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;

  private constructor(private readonly memoryLimitMb: number) {}

  /** Z3's memory limit defaults to the WASM backend's, so both answer alike. */
  static create(opts: { readonly memoryLimitMb?: number } = {}): Z3NativeBackend {
    return new Z3NativeBackend(opts.memoryLimitMb ?? DEFAULT_Z3_MEMORY_LIMIT_MB);
  }

  check(assertions: readonly Term[], opts: CheckOptions): Promise<SatResult> {
    const run = this.queue.then(() => this.checkNow(assertions, opts));
    this.queue = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    this.disposed = true;
    this.session?.dispose();
    this.session = undefined;
  }

  private async checkNow(assertions: readonly Term[], opts: CheckOptions): Promise<SatResult> {
    if (this.disposed) return unknown('solver disposed');
    if (this.session && (!this.session.alive || !this.session.accepts(assertions, this.symbols))) {
      this.session.dispose();
      this.session = undefined;
    }
    try {
      this.session ??= new NativeSession(this.memoryLimitMb);
      return await this.session.check(assertions, opts, this.symbols);
    } catch (e) {
      // The process state is uncertain after any failure: start over on the next check.
      this.session?.dispose();
      this.session = undefined;
      const reason = errorMessage(e);
      return unknown(reason.startsWith('timeout') ? reason : `solver error: ${reason}`);
    }
  }
}

// Z3's WebAssembly start (init() ≈ 0.5 s, more on a busy machine) off the critical path:
// commands that may need Z3 begin loading it at process start, in the background, so that
// the first query that reaches Z3 finds it ready or nearly. `verify` and `dap` only: `check`
// and `run` never solve, and `lsp` verifies in a child process of its own. Not when the
// native backend is chosen, nor under the fault-injection variables of the tests (they
// load their own module). A pending load never delays exit: see `exitWithoutWaiting`.

const MAY_SOLVE = new Set(['verify', 'dap']);

export interface Preload {
  /** Is the load still running? Then the process must not wait for it to end. */
  pending(): boolean;
}

/** The backend `verify` will use, from its arguments (defaults to z3-wasm). The solver
 *  layer loads only for `auto` (its probe for a z3 binary): `check` must start fast. */
async function chosenSolver(args: readonly string[]): Promise<string> {
  const i = args.findIndex((a) => a === '--solver' || a.startsWith('--solver='));
  if (i < 0) return 'z3-wasm';
  const value = args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1] ?? '';
  return value === 'auto' ? (await import('../engine/solver/index')).resolveBackend('auto') : value;
}

async function preload(command: string, args: readonly string[]): Promise<void> {
  if (command === 'verify' && await chosenSolver(args) !== 'z3-wasm') return;
  await (await import('../engine/solver/z3wasm')).preloadZ3Wasm();
}

export function startZ3Preload(command: string | undefined, args: readonly string[], env: NodeJS.ProcessEnv): Preload | undefined {
  if (command === undefined || !MAY_SOLVE.has(command) || args.includes('--help') || args.includes('-h')) return undefined;
  if (env.SYMDAP_Z3_MEMORY_MB || env.SYMDAP_SOLVER_FAULT || env.SYMDAP_NO_Z3_PRELOAD) return undefined;
  let done = false;
  // After the current turn: loading z3-solver's JavaScript is synchronous (tens of ms), and
  // `dap --server` must listen first; the WebAssembly compiles on background threads.
  setImmediate(() => { preload(command, args).catch(() => undefined).finally(() => { done = true; }); });
  return { pending: () => !done };
}

/** Exit with the code once stdout and stderr have flushed, without waiting for a load that
 *  is still running (it holds Node's event loop open until it ends). */
export function exitWithoutWaiting(code: number): Promise<never> {
  const flushed = (s: NodeJS.WriteStream): Promise<void> => new Promise((resolve) => { s.write('', () => resolve()); });
  return Promise.all([flushed(process.stdout), flushed(process.stderr)]).then(() => process.exit(code));
}

// Z3's WebAssembly start (init() ≈ 0.5 s, more on a busy machine) off the critical path:
// `dap` begins loading it at process start, in the background, so that the first query of a
// session (after the editor's handshake) finds it ready. `verify` only with
// SYMDAP_Z3_PRELOAD=1: measured (docs/performance.md), a verify run reaches its first Z3
// query within tens of ms, so the preload hid ~55 ms of a ~600 ms wait and cost ~75 ms of
// CPU on the runs that need no Z3 at all, now the common case. `check` and `run` never
// solve; `lsp` verifies in a child process. Not when the native backend is chosen, nor under
// the fault-injection variables of the tests. A pending load never delays exit.

const MAY_SOLVE = new Set(['verify', 'dap']);

function wanted(command: string, env: NodeJS.ProcessEnv): boolean {
  if (env.SYMDAP_NO_Z3_PRELOAD || env.SYMDAP_Z3_MEMORY_MB || env.SYMDAP_SOLVER_FAULT) return false;
  return command === 'dap' || env.SYMDAP_Z3_PRELOAD === '1';
}

export interface Preload {
  /** Is the load still running? Then the process must not wait for it to end. */
  pending(): boolean;
}

/** The backend `verify` will use, from its arguments (defaults to z3-wasm). The solver
 *  layer loads only for `auto` (its probe for a z3 binary): `check` must start fast. */
async function chosenSolver(args: readonly string[]): Promise<string> {
  const i = args.findIndex((a) => a === '--solver' || a.startsWith('--solver='));
  if (i < 0) return 'z3-wasm';
  const value = args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : (args[i + 1] ?? '');
  return value === 'auto' ? (await import('../engine/solver/index')).resolveBackend('auto') : value;
}

async function preload(command: string, args: readonly string[]): Promise<void> {
  if (command === 'verify' && (await chosenSolver(args)) !== 'z3-wasm') return;
  await (await import('../engine/solver/z3wasm')).preloadZ3Wasm();
}

export function startZ3Preload(
  command: string | undefined,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Preload | undefined {
  if (command === undefined || !MAY_SOLVE.has(command) || args.includes('--help') || args.includes('-h'))
    return undefined;
  if (!wanted(command, env)) return undefined;
  let done = false;
  // After the current turn: loading z3-solver's JavaScript is synchronous (tens of ms), and
  // `dap --server` must listen first; the WebAssembly compiles on background threads.
  setImmediate(() => {
    preload(command, args)
      .catch(() => undefined)
      .finally(() => {
        done = true;
      });
  });
  return { pending: () => !done };
}

/** Exit with the code once stdout and stderr have flushed, without waiting for a load that
 *  is still running (it holds Node's event loop open until it ends). */
export function exitWithoutWaiting(code: number): Promise<never> {
  const flushed = (s: NodeJS.WriteStream): Promise<void> =>
    new Promise((resolve) => {
      s.write('', () => resolve());
    });
  return Promise.all([flushed(process.stdout), flushed(process.stderr)]).then(() => process.exit(code));
}

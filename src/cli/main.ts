// The `symdap` command line: dispatches sub-commands. Every sub-command returns an exit
// code; nothing here throws to the user (bin/symdap.js turns a crash into a one-line message).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIO } from './io';
import { processIO } from './io';
import { exitWithoutWaiting, startZ3Preload } from './z3preload';

const USAGE = `usage:
  symdap check FILE...
  symdap verify FILE|DIR... [--jobs N] [--entry P] [--mode explore|modular] [--loop-bound N] [--searcher dfs|bfs|random|coverage]
                     [--searcher generational [--seed INPUTS.json] [--runs N]]
                     [--timeout MS] [--solver z3-wasm|z3-native|auto] [--json] [--tests DIR]
  symdap run FILE [--entry P] [--inputs inputs.json] [--coverage]
  symdap dap [--server=PORT | --ws=PORT] [--multi] [--host H] [--token T] [--allow-origin O] [--ui]
  symdap lsp [--stdio]              the language server (LSP over stdin/stdout)
  symdap --version
`;

type Command = (args: string[], io: CliIO) => Promise<number>;

// Each command's modules load when it runs: `dap --server` must listen without waiting for
// the engine, which only the others load up front.
const COMMANDS: Record<string, Command> = {
  check: async (args, io) => (await import('./check')).runCheck(args, io),
  verify: async (args, io) => (await import('./verify')).runVerify(args, io),
  run: async (args, io) => (await import('./run')).runRun(args, io),
  dap: async (args, io) => (await import('./dap')).runDap(args, io),
  lsp: async (args, io) => (await import('./lsp')).runLsp(args, io),
};

/** With no `io`, main is the real process (bin/symdap.js): it may preload Z3 and exit itself. */
export async function main(argv: string[], given?: CliIO): Promise<number> {
  const io = given ?? processIO();
  const [name, ...rest] = argv;
  const preload = given === undefined ? startZ3Preload(name, rest, process.env) : undefined;
  const code = await dispatch(name, rest, io);
  return preload?.pending() ? exitWithoutWaiting(code) : code;
}

async function dispatch(name: string | undefined, rest: string[], io: CliIO): Promise<number> {
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.out(`symdap ${version()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`symdap: unknown command '${name}'\n${USAGE}`);
    return 2;
  }
  try {
    return await command(rest, io);
  } catch (e) {
    io.err(`symdap: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

/** The package's version (package.json sits two levels above both src/cli and dist/cli). */
function version(): string {
  try {
    return (
      (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version?: string }).version ??
      'unknown'
    );
  } catch {
    return 'unknown';
  }
}

// The `symdap` command line: dispatches sub-commands. Every sub-command returns an exit
// code; nothing here throws to the user (bin/symdap.js turns a crash into a one-line message).

import { runCheck } from './check';
import { runVerify } from './verify';
import { runRun } from './run';
import { runDap } from './dap';
import type { CliIO } from './io';
import { processIO } from './io';

const USAGE = `usage:
  symdap check FILE...
  symdap verify FILE [--entry P] [--mode explore|modular] [--loop-bound N] [--searcher dfs|bfs|random|coverage]
                     [--timeout MS] [--solver z3-wasm|z3-native] [--json] [--tests DIR]
  symdap run FILE [--entry P] [--inputs inputs.json]
  symdap dap [--server=PORT | --ws=PORT] [--host H] [--token T] [--allow-origin O]
`;

type Command = (args: string[], io: CliIO) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  check: runCheck,
  verify: runVerify,
  run: runRun,
  dap: runDap,
};

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE);
    return name === undefined ? 2 : 0;
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

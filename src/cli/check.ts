// `symdap check FILE...`: parse and type-check files without running them, for editors,
// CI and users who want the diagnostics alone. Exit 0 when every file is clean, else 2.

import { loadForCommand, type CliIO } from './io';

const USAGE = 'usage: symdap check FILE...\n';

export async function runCheck(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const flag = args.find((a) => a.startsWith('-') && a !== '-');
  if (flag !== undefined) {
    io.err(`symdap check: unknown option '${flag}'\n${USAGE}`);
    return 2;
  }
  if (args.length === 0) {
    io.err(`symdap check: no files given\n${USAGE}`);
    return 2;
  }
  let clean = true;
  for (const file of args) {
    if (!(await checkOne(file, io))) clean = false;
  }
  return clean ? 0 : 2;
}

/** Checks one file and prints its verdict; true when it is clean. */
async function checkOne(file: string, io: CliIO): Promise<boolean> {
  if (!(await loadForCommand(file, io)).checked) return false;
  io.out(`${file}: ok\n`);
  return true;
}

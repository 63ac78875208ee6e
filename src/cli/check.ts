// `symdap check FILE...`: parse and type-check files without running them, for editors,
// CI and users who want the diagnostics alone. Exit 0 when every file is clean, else 2.

import { loadForCommand, type CliIO } from './io';
import { LANGUAGES, type SourceLanguage } from '../lang/language';

const USAGE = 'usage: symdap check FILE... [--lang sym|viper]\n';

export async function runCheck(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  // `--lang L` reads every file as L whatever its extension (.vpr is Viper, anything else Sym).
  const at = args.indexOf('--lang');
  const lang = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !(LANGUAGES as readonly string[]).includes(lang ?? '')) {
    io.err(`symdap check: option '--lang' must be one of ${LANGUAGES.join(', ')}, got '${lang ?? ''}'\n${USAGE}`);
    return 2;
  }
  if (at >= 0) args = [...args.slice(0, at), ...args.slice(at + 2)];
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
    if (!(await checkOne(file, io, lang as SourceLanguage | undefined))) clean = false;
  }
  return clean ? 0 : 2;
}

/** Checks one file and prints its verdict; true when it is clean. */
async function checkOne(file: string, io: CliIO, lang?: SourceLanguage): Promise<boolean> {
  if (!(await loadForCommand(file, io, lang)).checked) return false;
  io.out(`${file}: ok\n`);
  return true;
}

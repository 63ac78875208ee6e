// The front end in one call: source text in, a checked program or the
// diagnostics that explain why there is none. Everything downstream starts here.
// (The Sym half is symFrontend.ts, which a Sym-only command loads without Viper's.)

import { loadSym, type LoadResult } from './symFrontend';
import type * as ViperFrontend from './viper/frontend';
import { languageOf, type SourceLanguage } from './language';
import type { Diagnostic } from './diagnostics';
import type { Span } from './span';

export { checkParsed, type LoadResult } from './symFrontend';

/** Parses then checks (Sym, or Viper for a `.vpr` file or `lang` 'viper'); the checker runs only on a program that parsed without errors. */
export function loadSource(text: string, file: string, lang: SourceLanguage = languageOf(file)): LoadResult {
  return lang === 'viper' ? viperFrontend().loadViper(text, file) : loadSym(text, file);
}

/** Viper's refusal of a construct by name (`unsupported Viper feature: …`), for the engine's
 *  refusals on a `.vpr` file; loads Viper's front end, already loaded for such a file. */
export function viperUnsupported(file: string, span: Span, feature: string): Diagnostic {
  return viperFrontend().unsupported(file, span, feature);
}

let viper: typeof ViperFrontend | undefined;

/** Viper's front end, loaded on first use: ~30 modules that a Sym run never needs (start-up).
 *  Synchronously, as loadSource is (the language server and the debugger call it so). */
function viperFrontend(): typeof ViperFrontend {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (start-up time), synchronously
  viper ??= require('./viper/frontend') as typeof ViperFrontend;
  return viper;
}

// The front end in one call: source text in, a checked program or the
// diagnostics that explain why there is none. Everything downstream starts here.
// (The Sym half is symFrontend.ts, which a Sym-only command loads without Viper's.)

import { loadSym, type LoadResult } from './symFrontend';
import { loadViper } from './viper/frontend';
import { languageOf, type SourceLanguage } from './language';

export { checkParsed, type LoadResult } from './symFrontend';

/** Parses then checks (Sym, or Viper for a `.vpr` file or `lang` 'viper'); the checker runs only on a program that parsed without errors. */
export function loadSource(text: string, file: string, lang: SourceLanguage = languageOf(file)): LoadResult {
  return lang === 'viper' ? loadViper(text, file) : loadSym(text, file);
}

// The front end for callers that can wait for it (the CLI, verifySource): each language's
// front end loads with the first file in it, so `symdap verify x.sym` never loads Viper's
// (31 modules, as large as Sym's: start-up), and `dap --server`, which has no file yet,
// loads neither before it listens. loadSource (frontend.ts) is the synchronous equivalent.

import type { LoadResult } from './symFrontend';
import type { ViperOptions } from './viper/frontend';
import { languageOf, type SourceLanguage } from './language';

export async function loadSourceLazily(
  text: string,
  file: string,
  lang: SourceLanguage = languageOf(file),
  viper: ViperOptions = {},
): Promise<LoadResult> {
  if (lang === 'viper') return (await import('./viper/frontend')).loadViper(text, file, viper);
  return (await import('./symFrontend')).loadSym(text, file);
}

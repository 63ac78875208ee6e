// How the extension obtains a verification report: the very function `symdap verify` uses
// (src/engine/verify/verifySource.ts), so editor diagnostics and `--json` come from one code path.
// A .vpr file verifies modularly, as `symdap verify` and the language server verify it (docs/viper.md).
import { readFile } from 'node:fs/promises';
import { verifySource } from '../../src/engine/verify/verifySource';
import type { VerifyReport } from '../../src/engine/verify/report';
import { languageOf } from '../../src/lang/language';

export const runVerifier = async (file: string): Promise<VerifyReport> =>
  (await verifySource(await readFile(file, 'utf8'), file, languageOf(file) === 'viper' ? { mode: 'modular' } : {}))
    .report;

/** The documents Verify file takes: Sym and Viper sources. */
export function isVerifiable(document: { readonly languageId: string; readonly fileName: string }): boolean {
  return (
    document.languageId === 'sym' ||
    document.languageId === 'viper' ||
    document.fileName.endsWith('.sym') ||
    document.fileName.endsWith('.vpr')
  );
}

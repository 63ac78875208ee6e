// SEAM: how the extension obtains a verification report. It will call the same function
// the `symdap verify` command uses (src/cli) once that lands; until then it reports that.
import type { VerifyReport } from './diagnostics';

export const runVerifier = async (file: string): Promise<VerifyReport> => { throw new Error(`the verifier is not wired into the extension yet (cannot verify ${file})`); };

// How the extension obtains a verification report: the very function `symdap verify` uses
// (src/engine/verify/verifySource.ts), so editor diagnostics and `--json` come from one code path.
import { readFile } from 'node:fs/promises';
import { verifySource } from '../../src/engine/verify/verifySource';
import type { VerifyReport } from '../../src/engine/verify/report';

export const runVerifier = async (file: string): Promise<VerifyReport> =>
  (await verifySource(await readFile(file, 'utf8'), file)).report;

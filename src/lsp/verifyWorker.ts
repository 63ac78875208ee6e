// The child process of one verification on save: receives {source, file} over IPC, runs
// the engine's verifySource (the code path of `symdap verify`) and sends the report back.
// A separate process so that a newer save or a close cancels the run by killing it, and
// so that the solver's memory never counts against the language server.

import { verifySource } from '../engine/verify/verifySource';
import type { VerifyReport } from '../engine/verify/report';
import { explainReport } from '../engine/why/explain';

export interface VerifyRequest {
  readonly source: string;
  readonly file: string;
  /** Also what each check that holds rests on (the proof lenses: proofLenses.ts). */
  readonly proofs?: boolean;
  readonly mode?: 'explore' | 'modular';
}
export type VerifyReply = { readonly report: VerifyReport } | { readonly error: string };

function reply(message: VerifyReply): void {
  process.send?.(message, () => process.exit(0));
}

process.on('disconnect', () => process.exit(0));
process.once('message', (m: VerifyRequest) => {
  const opts = { mode: m.mode ?? 'explore' } as const;
  verifySource(m.source, m.file, opts).then(
    async (r) =>
      reply(
        r.error
          ? { error: r.error }
          : { report: await explainReport(r.checked, opts, r.report, { proofs: m.proofs === true }) },
      ),
    (e: unknown) => reply({ error: e instanceof Error ? e.message : String(e) }),
  );
});

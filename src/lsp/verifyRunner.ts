// Verification on save, one run per document: starting a run cancels the document's earlier
// one (its child process is killed), and so does closing the document.

import { fork } from 'node:child_process';
import * as path from 'node:path';
import type { VerifyReply, VerifyRequest } from './verifyWorker';
import { LatestRunPerDocument, type Cancelled } from './latestRun';

export type VerifyOutcome = VerifyReply | Cancelled;

export class VerifyRunner {
  private readonly runs = new LatestRunPerDocument<VerifyReply>();

  /** Verifies `source`; resolves `{cancelled}` if a newer run or cancel() for the same uri came first. */
  run(uri: string, request: VerifyRequest): Promise<VerifyOutcome> {
    return this.runs.run(uri, (settle) => {
      // The worker is built next to this file (dist/lsp, or the extension's bundle directory).
      const child = fork(path.join(__dirname, 'verifyWorker.js'), [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
      child.once('message', (m: VerifyReply) => settle(m));
      child.once('exit', (code, signal) => settle({ error: `the verifier stopped (${signal ?? `exit ${code}`})` }));
      child.once('error', (e) => settle({ error: e.message }));
      child.send(request);
      return { stop: () => child.kill() };
    });
  }

  cancel(uri: string): void {
    this.runs.cancel(uri);
  }

  cancelAll(): void {
    this.runs.cancelAll();
  }
}

// Verification on save, one run per document: starting a run cancels the document's earlier
// one (its child process is killed), and so does closing the document.

import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { VerifyReply, VerifyRequest } from './verifyWorker';

export type VerifyOutcome = VerifyReply | { readonly cancelled: true };

export class VerifyRunner {
  private readonly running = new Map<string, { child: ChildProcess; settle: (o: VerifyOutcome) => void }>();

  /** Verifies `source`; resolves `{cancelled}` if a newer run or cancel() for the same uri came first. */
  run(uri: string, request: VerifyRequest): Promise<VerifyOutcome> {
    this.cancel(uri);
    return new Promise((resolve) => {
      // The worker is built next to this file (dist/lsp, or the extension's bundle directory).
      const child = fork(path.join(__dirname, 'verifyWorker.js'), [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
      const settle = (o: VerifyOutcome): void => {
        if (this.running.get(uri)?.child === child) this.running.delete(uri);
        resolve(o);
      };
      this.running.set(uri, { child, settle });
      child.once('message', (m: VerifyReply) => settle(m));
      child.once('exit', (code, signal) => settle({ error: `the verifier stopped (${signal ?? `exit ${code}`})` }));
      child.once('error', (e) => settle({ error: e.message }));
      child.send(request);
    });
  }

  cancel(uri: string): void {
    const run = this.running.get(uri);
    if (!run) return;
    this.running.delete(uri);
    run.child.kill();
    run.settle({ cancelled: true });
  }

  cancelAll(): void {
    for (const uri of [...this.running.keys()]) this.cancel(uri);
  }
}

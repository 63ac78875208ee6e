// One run per document, the newest winning: starting a run for a document cancels its earlier
// one (its text is out of date), and so does closing the document. What a run is (a child
// process for verification, a worker thread for the analysis of a large document) is the
// caller's; this file keeps only which run is current and settles each exactly once.

export interface Cancelled {
  readonly cancelled: true;
}

/** A started run: how to stop it when a newer run or a close cancels it. */
export interface RunHandle {
  stop(): void;
}

export class LatestRunPerDocument<O> {
  private readonly running = new Map<string, { handle: RunHandle; settle: (o: O | Cancelled) => void }>();

  /**
   * Starts a run for `uri` after cancelling the one before; `start` gets the run's `settle` and
   * returns its handle. Resolves with the run's outcome, or `{cancelled}` if a newer run or
   * cancel() for the same uri came first.
   */
  run(uri: string, start: (settle: (o: O) => void) => RunHandle): Promise<O | Cancelled> {
    this.cancel(uri);
    return new Promise((resolve) => {
      let settled = false;
      const entry = {
        handle: { stop: () => undefined } as RunHandle,
        settle: (o: O | Cancelled): void => {
          if (settled) return;
          settled = true;
          if (this.running.get(uri) === entry) this.running.delete(uri);
          resolve(o);
        },
      };
      this.running.set(uri, entry);
      entry.handle = start(entry.settle);
    });
  }

  cancel(uri: string): void {
    const run = this.running.get(uri);
    if (!run) return;
    this.running.delete(uri);
    run.settle({ cancelled: true });
    run.handle.stop();
  }

  cancelAll(): void {
    for (const uri of [...this.running.keys()]) this.cancel(uri);
  }
}

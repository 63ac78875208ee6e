// The one way a long loop gives the event loop a turn (issue 22): the explorer and the
// debugger's continue and step loops each take a Yielder and call it after every unit of work,
// so that a `pause` request (or any other message) is handled within milliseconds however
// long the exploration. One interval for all of them.

/** How long a loop may run before it lets other work (a pause request, a message) in. */
export const YIELD_EVERY_MS = 15;

export class Yielder {
  private last = Date.now();

  constructor(private readonly everyMs: number = YIELD_EVERY_MS) {}

  /** Gives the event loop a turn when the loop has run `everyMs` since the last one. */
  async maybeYield(): Promise<void> {
    if (Date.now() - this.last < this.everyMs) return;
    await new Promise((r) => setImmediate(r));
    this.last = Date.now();
  }
}
